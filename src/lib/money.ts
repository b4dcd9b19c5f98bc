/** One formatter per style, built on first use: building them at module load costs the home page ~50 ms of start-up on slow phones. */
function lazyFormat(options: Intl.NumberFormatOptions): (amount: number) => string {
  let formatter: Intl.NumberFormat | undefined;
  return (amount) => (formatter ??= new Intl.NumberFormat('en-US', options)).format(amount);
}

const whole = lazyFormat({ maximumFractionDigits: 0 });
const twoDecimals = lazyFormat({ minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** ৳1,250 — the taka sign before the amount, thousands separators, no decimals (cards, listings). */
export function formatTaka(amount: number): string {
  return `৳${whole(Math.round(amount))}`;
}

/** ৳1,250.00 — where the specification asks for two decimals (grand totals). */
export function formatTakaExact(amount: number): string {
  return `৳${twoDecimals(amount)}`;
}
