import { nameIn } from '../../../contract/bangla-names';
import { toLocaleDigits, type Locale } from '../../../contract/locale';
import { formatTakaExact } from '../../../contract/money';
import type { Order } from '../../../contract/orders';
import { line, newDocument, paragraph, toBuffer, type Doc } from './pdf';
import { deliveryAddressLine, dhakaDate, numberAndId, INVOICE_LABELS, PACKING_SLIP_LABELS, type InvoiceLabels, type PackingSlipLabels } from './labels';

const BRAND = '#006A4E';
const MUTED = '#4a524e';
const LEFT = 50;
const RIGHT = 545;
const COLUMNS = { check: LEFT + 6, item: LEFT + 30, qty: 470 } as const;

type Labels = { slip: PackingSlipLabels; invoice: InvoiceLabels };

/** What the courier must collect at the door: a cash order's total while unpaid, otherwise nothing. */
function collect(order: Order, { slip, invoice }: Labels, locale: Locale): string {
  if (order.paymentMethod === 'cash' && order.paymentStatus === 'unpaid') return slip.collectCash(formatTakaExact(order.totalPrice, locale));
  return order.paymentStatus === 'paid' ? slip.paidCollectNothing : slip.collectNothing(invoice.paymentStatuses[order.paymentStatus]);
}

function tableHeader(doc: Doc, y: number, { slip, invoice }: Labels): number {
  doc.rect(LEFT, y, RIGHT - LEFT, 20).fill('#eef3f1');
  const style = { size: 9, weight: 'bold' as const, color: MUTED };
  line(doc, slip.packed, COLUMNS.check - 4, y + 5, { ...style, size: 7 });
  line(doc, invoice.item, COLUMNS.item, y + 5, style);
  line(doc, invoice.quantity, COLUMNS.qty, y + 5, { ...style, width: RIGHT - COLUMNS.qty - 6, align: 'right' });
  return y + 26;
}

/**
 * The packing slip that goes in the parcel: the order, whom and where to deliver it to, what to collect, and each
 * line with a box to tick as it is packed. No prices per line: the parcel may be a gift.
 *
 * It is written in `locale`, the order's own language (orders.locale, as its messages), not the language of the admin
 * who prints it: the slip travels in the parcel and is read by the customer who ordered in that language.
 */
export async function renderPackingSlip(order: Order, locale: Locale): Promise<Buffer> {
  const labels: Labels = { slip: PACKING_SLIP_LABELS[locale], invoice: INVOICE_LABELS[locale] };
  const { slip, invoice } = labels;
  const doc = newDocument({ Title: slip.documentTitle(order._id), Author: invoice.shop });
  line(doc, invoice.shop, LEFT, 50, { size: 26, weight: 'bold', color: BRAND });
  line(doc, slip.title, LEFT, 58, { size: 16, weight: 'bold', width: RIGHT - LEFT, align: 'right', color: MUTED });
  doc.moveTo(LEFT, 92).lineTo(RIGHT, 92).lineWidth(1).strokeColor(BRAND).stroke();

  let y = 106;
  for (const [label, value] of [
    [slip.orderNumber, numberAndId(order._id)],
    [slip.placed, dhakaDate(order.createdAt, locale)],
    [slip.deliverTo, order.customerName],
    [invoice.phone, order.phone],
    [slip.address, deliveryAddressLine(order, locale)],
  ] as const) {
    line(doc, label, LEFT, y, { size: 10, color: MUTED });
    y = paragraph(doc, value, LEFT + 90, y, RIGHT - LEFT - 90, { size: 10 }) + 3;
  }
  y += 6;
  line(doc, collect(order, labels, locale), LEFT, y, { size: 13, weight: 'bold' });

  y = tableHeader(doc, y + 28, labels);
  for (const item of order.items) {
    const options = [item.size ? invoice.size(item.size) : null, item.color ? invoice.colour(item.color) : null].filter(Boolean).join(', ');
    doc.rect(COLUMNS.check, y, 10, 10).lineWidth(0.8).strokeColor(MUTED).stroke();
    const nameBottom = paragraph(doc, nameIn(locale, item.productName, item.productNameBn), COLUMNS.item, y, COLUMNS.qty - COLUMNS.item - 16, { size: 11 });
    const bottom = options ? paragraph(doc, options, COLUMNS.item, nameBottom, COLUMNS.qty - COLUMNS.item - 16, { size: 9, color: MUTED }) : nameBottom;
    line(doc, toLocaleDigits(String(item.quantity), locale), COLUMNS.qty, y, { size: 11, weight: 'bold', width: RIGHT - COLUMNS.qty - 6, align: 'right' });
    y = bottom + 10;
    doc
      .moveTo(LEFT, y - 5)
      .lineTo(RIGHT, y - 5)
      .lineWidth(0.5)
      .strokeColor('#d5dcd9')
      .stroke();
    if (y > 760) {
      doc.addPage();
      y = tableHeader(doc, 50, labels);
    }
  }
  const units = order.items.reduce((sum, item) => sum + item.quantity, 0);
  line(doc, slip.summary(order.items.length, units), LEFT, y + 6, {
    size: 10,
    color: MUTED,
    width: RIGHT - LEFT - 6,
    align: 'right',
  });
  return toBuffer(doc);
}
