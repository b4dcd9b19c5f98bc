import { formatTakaExact } from '../../../contract/money';
import { orderTotalsLines, PAYMENT_METHOD_LABELS, type Order } from '../../../contract/orders';
import { line, newDocument, paragraph, toBuffer, widthOf, type Doc } from './pdf';

const SHOP = 'haat';
const BRAND = '#006A4E';
const MUTED = '#4a524e';
const LEFT = 50;
const RIGHT = 545;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'dd mmm yyyy' in Dhaka time, where the shop and its shoppers are. */
export function dhakaDate(iso: string): string {
  const dhaka = new Date(new Date(iso).getTime() + 6 * 60 * 60 * 1000);
  return `${String(dhaka.getUTCDate()).padStart(2, '0')} ${MONTHS[dhaka.getUTCMonth()]} ${dhaka.getUTCFullYear()}`;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Label and value pairs, one per line; answers the y below them. */
function facts(doc: Doc, pairs: [string, string][], x: number, y: number, width: number): number {
  let cursor = y;
  for (const [label, value] of pairs) {
    line(doc, label, x, cursor, { size: 9, color: MUTED });
    cursor = paragraph(doc, value, x + 90, cursor, width - 90, { size: 9 }) + 2;
  }
  return cursor;
}

const COLUMNS = { item: LEFT, qty: 330, unit: 380, amount: 465 } as const;

function tableHeader(doc: Doc, y: number): number {
  doc.rect(LEFT, y, RIGHT - LEFT, 20).fill('#eef3f1');
  const style = { size: 9, weight: 'bold' as const, color: MUTED };
  line(doc, 'Item', COLUMNS.item + 6, y + 5, style);
  line(doc, 'Qty', COLUMNS.qty, y + 5, { ...style, width: 40, align: 'right' });
  line(doc, 'Unit price', COLUMNS.unit, y + 5, { ...style, width: 75, align: 'right' });
  line(doc, 'Amount', COLUMNS.amount, y + 5, { ...style, width: RIGHT - COLUMNS.amount - 6, align: 'right' });
  return y + 26;
}

/** The invoice of an order as a PDF: shop, order facts, addresses, lines and totals; Bangla names render as such. */
export async function renderInvoice(order: Order): Promise<Buffer> {
  const doc = newDocument({ Title: `Invoice ${order._id}`, Author: SHOP });

  line(doc, SHOP, LEFT, 50, { size: 26, weight: 'bold', color: BRAND });
  line(doc, 'INVOICE', LEFT, 58, { size: 16, weight: 'bold', width: RIGHT - LEFT, align: 'right', color: MUTED });
  doc
    .moveTo(LEFT, 92)
    .lineTo(RIGHT, 92)
    .lineWidth(1)
    .strokeColor(BRAND)
    .stroke();

  const half = (RIGHT - LEFT) / 2 - 10;
  const orderFacts: [string, string][] = [
    ['Invoice no.', order._id],
    ['Date', dhakaDate(order.createdAt)],
    ['Status', capitalised(order.status)],
    ['Payment', `${PAYMENT_METHOD_LABELS[order.paymentMethod]}, ${order.paymentStatus}`],
  ];
  if (order.transaction_id) orderFacts.push(['Transaction', order.transaction_id]);
  const address = order.deliveryAddress;
  const customerFacts: [string, string][] = [
    ['Bill to', order.customerName],
    ['Phone', order.phone],
    ...(order.customerEmail ? ([['Email', order.customerEmail]] as [string, string][]) : []),
    ['Deliver to', `${address.addressDetails}, ${address.city}, ${address.district}, ${address.division}`],
  ];
  const below = Math.max(facts(doc, orderFacts, LEFT, 106, half), facts(doc, customerFacts, LEFT + half + 20, 106, half));

  let y = tableHeader(doc, below + 16);
  for (const item of order.items) {
    const options = [item.size ? `Size: ${item.size}` : null, item.color ? `Colour: ${item.color}` : null].filter(Boolean).join(', ');
    const nameBottom = paragraph(doc, item.productName, COLUMNS.item + 6, y, COLUMNS.qty - COLUMNS.item - 16, { size: 10 });
    const bottom = options ? paragraph(doc, options, COLUMNS.item + 6, nameBottom, COLUMNS.qty - COLUMNS.item - 16, { size: 8, color: MUTED }) : nameBottom;
    line(doc, String(item.quantity), COLUMNS.qty, y, { size: 10, width: 40, align: 'right' });
    line(doc, formatTakaExact(item.price), COLUMNS.unit, y, { size: 10, width: 75, align: 'right' });
    line(doc, formatTakaExact(item.subTotal), COLUMNS.amount, y, { size: 10, width: RIGHT - COLUMNS.amount - 6, align: 'right' });
    y = bottom + 8;
    doc
      .moveTo(LEFT, y - 4)
      .lineTo(RIGHT, y - 4)
      .lineWidth(0.5)
      .strokeColor('#d5dcd9')
      .stroke();
    if (y > 740) {
      doc.addPage();
      y = tableHeader(doc, 50);
    }
  }

  const totals = orderTotalsLines(order).map(({ label, amount, total }): [string, string, boolean] => [label, formatTakaExact(amount), total === true]);
  if (y > 680) {
    doc.addPage();
    y = 50;
  }
  y += 6;
  for (const [label, value, strong] of totals) {
    const style = { size: strong ? 12 : 10, weight: strong ? ('bold' as const) : ('regular' as const) };
    line(doc, label, COLUMNS.unit - 60, y, { ...style, color: strong ? '#1b1f1d' : MUTED });
    line(doc, value, COLUMNS.amount - 40, y, { ...style, width: RIGHT - COLUMNS.amount + 34, align: 'right' });
    y += strong ? 20 : 16;
  }

  const thanks = `Thank you for shopping with ${SHOP}.`;
  line(doc, thanks, (LEFT + RIGHT - widthOf(doc, thanks, { size: 9 })) / 2, Math.max(y + 30, 760), { size: 9, color: MUTED });
  return toBuffer(doc);
}
