import { formatTakaExact } from '../../../../contract/money';
import type { Fields } from '../protocol';
import type { Outcome, SandboxTransaction } from './service';

/**
 * The sandbox gateway's pages: plain server-rendered HTML with no scripts and no outside resources, so the
 * Content-Security-Policy holds. Every button is a form carrying the signed callback fields of its outcome.
 */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `
body{margin:0;padding:0 1rem;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans Bengali",sans-serif;background:#f3f5f4;color:#1b1f1d}
main{max-width:26rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px;box-shadow:0 1px 4px rgba(0,0,0,.12)}
.badge{display:inline-block;margin:0 0 1rem;padding:.2rem .6rem;border-radius:999px;background:#fff3cd;color:#6b4e00;font-size:.8rem;font-weight:600}
h1{margin:0 0 1rem;font-size:1.3rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem;margin:0 0 1.5rem}
dt{color:#4a524e}dd{margin:0;font-weight:600;overflow-wrap:anywhere}
.amount{font-size:1.6rem;color:#006A4E}
form{margin:0 0 .75rem}
button{width:100%;min-height:48px;border:0;border-radius:8px;font-size:1rem;font-weight:600;cursor:pointer}
.pay{background:#006A4E;color:#fff}.fail{background:#F42A41;color:#fff}.cancel{background:#e4e8e6;color:#1b1f1d}
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

function outcomeForm(action: string, fields: Fields, label: string, className: string): string {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return `<form method="post" action="${escapeHtml(action)}">${inputs}<button type="submit" class="${className}">${escapeHtml(label)}</button></form>`;
}

/** Said at the top of every sandbox page: it takes no money, and a shopper must not think otherwise. */
const TEST_NOTICE = 'Test payment — no real money moves. This is the shop’s sandbox gateway, not a bank or mobile wallet.';

/** The payment page of an open session: amount, merchant, and Pay / Fail / Cancel. */
export function paymentPage(session: SandboxTransaction, merchant: string, action: string, forms: Record<Outcome, Fields>): string {
  const amount = formatTakaExact(session.amount);
  return layout(
    `Test payment: pay ${amount} to ${merchant}`,
    `<p class="badge">${TEST_NOTICE}</p>
<h1>Test payment to ${escapeHtml(merchant)}</h1>
<dl>
<dt>Amount</dt><dd class="amount">${escapeHtml(amount)}</dd>
<dt>Merchant</dt><dd>${escapeHtml(merchant)} (${escapeHtml(session.storeId)})</dd>
<dt>Transaction</dt><dd>${escapeHtml(session.tranId)}</dd>
${session.productName ? `<dt>For</dt><dd>${escapeHtml(session.productName)}</dd>` : ''}
</dl>
${outcomeForm(action, forms.paid, `Pay ${amount}`, 'pay')}
${outcomeForm(action, forms.failed, 'Fail', 'fail')}
${outcomeForm(action, forms.cancelled, 'Cancel', 'cancel')}`,
  );
}

/** A page with one message: an unknown, finished or tampered session. */
export function messagePage(title: string, message: string): string {
  return layout(title, `<p class="badge">${TEST_NOTICE}</p><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`);
}
