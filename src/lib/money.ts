const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** ৳1,250 — the taka sign before the amount, thousands separators, no decimals (cards, listings). */
export function formatTaka(amount: number): string {
  return `৳${whole.format(Math.round(amount))}`;
}

/** ৳1,250.00 — where the specification asks for two decimals (grand totals). */
export function formatTakaExact(amount: number): string {
  return `৳${twoDecimals.format(amount)}`;
}
