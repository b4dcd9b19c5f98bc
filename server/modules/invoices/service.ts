import { nameIn } from '../../../contract/bangla-names';
import { toLocaleDigits, type Locale } from '../../../contract/locale';
import { formatTakaExact } from '../../../contract/money';
import { orderTotalsLines, type Order } from '../../../contract/orders';
import { deliveryAddressLine, dhakaDate, numberAndId, INVOICE_LABELS, totalsLabel, type InvoiceLabels } from './labels';
import { line, newDocument, paragraph, toBuffer, widthOf, type Doc } from './pdf';

const BRAND = '#006A4E';
const MUTED = '#4a524e';
const LEFT = 50;
const RIGHT = 545;

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

function tableHeader(doc: Doc, y: number, labels: InvoiceLabels): number {
  doc.rect(LEFT, y, RIGHT - LEFT, 20).fill('#eef3f1');
  const style = { size: 9, weight: 'bold' as const, color: MUTED };
  line(doc, labels.item, COLUMNS.item + 6, y + 5, style);
  line(doc, labels.quantity, COLUMNS.qty, y + 5, { ...style, width: 40, align: 'right' });
  line(doc, labels.unitPrice, COLUMNS.unit, y + 5, { ...style, width: 75, align: 'right' });
  line(doc, labels.amount, COLUMNS.amount, y + 5, { ...style, width: RIGHT - COLUMNS.amount - 6, align: 'right' });
  return y + 26;
}

/**
 * The invoice of an order as a PDF, in `locale`: shop, order facts, addresses, lines and totals; Bangla names render
 * as such, and in Bangla the labels, amounts and dates too.
 */
export async function renderInvoice(order: Order, locale: Locale = 'en'): Promise<Buffer> {
  const labels = INVOICE_LABELS[locale];
  const taka = (amount: number) => formatTakaExact(amount, locale);
  const doc = newDocument({ Title: labels.documentTitle(order._id), Author: labels.shop });

  line(doc, labels.shop, LEFT, 50, { size: 26, weight: 'bold', color: BRAND });
  line(doc, labels.title, LEFT, 58, { size: 16, weight: 'bold', width: RIGHT - LEFT, align: 'right', color: MUTED });
  doc.moveTo(LEFT, 92).lineTo(RIGHT, 92).lineWidth(1).strokeColor(BRAND).stroke();

  const half = (RIGHT - LEFT) / 2 - 10;
  const orderFacts: [string, string][] = [
    [labels.invoiceNumber, numberAndId(order._id)],
    [labels.date, dhakaDate(order.createdAt, locale)],
    [labels.status, labels.statuses[order.status]],
    [labels.payment, `${labels.paymentMethods[order.paymentMethod]}, ${labels.paymentStatuses[order.paymentStatus]}`],
  ];
  if (order.transaction_id) orderFacts.push([labels.transaction, order.transaction_id]);
  const customerFacts: [string, string][] = [
    [labels.billTo, order.customerName],
    [labels.phone, order.phone],
    ...(order.customerEmail ? ([[labels.email, order.customerEmail]] as [string, string][]) : []),
    [labels.deliverTo, deliveryAddressLine(order, locale)],
  ];
  const below = Math.max(facts(doc, orderFacts, LEFT, 106, half), facts(doc, customerFacts, LEFT + half + 20, 106, half));

  let y = tableHeader(doc, below + 16, labels);
  for (const item of order.items) {
    const options = [item.size ? labels.size(item.size) : null, item.color ? labels.colour(item.color) : null].filter(Boolean).join(', ');
    const nameBottom = paragraph(doc, nameIn(locale, item.productName, item.productNameBn), COLUMNS.item + 6, y, COLUMNS.qty - COLUMNS.item - 16, { size: 10 });
    const bottom = options ? paragraph(doc, options, COLUMNS.item + 6, nameBottom, COLUMNS.qty - COLUMNS.item - 16, { size: 8, color: MUTED }) : nameBottom;
    line(doc, toLocaleDigits(String(item.quantity), locale), COLUMNS.qty, y, { size: 10, width: 40, align: 'right' });
    line(doc, taka(item.price), COLUMNS.unit, y, { size: 10, width: 75, align: 'right' });
    line(doc, taka(item.subTotal), COLUMNS.amount, y, { size: 10, width: RIGHT - COLUMNS.amount - 6, align: 'right' });
    y = bottom + 8;
    doc
      .moveTo(LEFT, y - 4)
      .lineTo(RIGHT, y - 4)
      .lineWidth(0.5)
      .strokeColor('#d5dcd9')
      .stroke();
    if (y > 740) {
      doc.addPage();
      y = tableHeader(doc, 50, labels);
    }
  }

  const totals = orderTotalsLines(order).map((totalsLine): [string, string, boolean] => [
    totalsLabel(labels, totalsLine),
    taka(totalsLine.amount),
    totalsLine.total === true,
  ]);
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

  const { thanks } = labels;
  line(doc, thanks, (LEFT + RIGHT - widthOf(doc, thanks, { size: 9 })) / 2, Math.max(y + 30, 760), { size: 9, color: MUTED });
  return toBuffer(doc);
}
