import { formatTakaExact } from '../../../contract/money';
import type { Order } from '../../../contract/orders';
import { line, newDocument, paragraph, toBuffer, type Doc } from './pdf';
import { dhakaDate } from './labels';

const SHOP = 'haat';
const BRAND = '#006A4E';
const MUTED = '#4a524e';
const LEFT = 50;
const RIGHT = 545;
const COLUMNS = { check: LEFT + 6, item: LEFT + 30, qty: 470 } as const;

/** What the courier must collect at the door: a cash order's total while unpaid, otherwise nothing. */
function collect(order: Order): string {
  if (order.paymentMethod === 'cash' && order.paymentStatus === 'unpaid') return `Collect ${formatTakaExact(order.totalPrice)} in cash`;
  return order.paymentStatus === 'paid' ? 'Paid — collect nothing' : `Payment ${order.paymentStatus} — collect nothing`;
}

function tableHeader(doc: Doc, y: number): number {
  doc.rect(LEFT, y, RIGHT - LEFT, 20).fill('#eef3f1');
  const style = { size: 9, weight: 'bold' as const, color: MUTED };
  line(doc, 'Packed', COLUMNS.check - 4, y + 5, { ...style, size: 7 });
  line(doc, 'Item', COLUMNS.item, y + 5, style);
  line(doc, 'Qty', COLUMNS.qty, y + 5, { ...style, width: RIGHT - COLUMNS.qty - 6, align: 'right' });
  return y + 26;
}

/**
 * The packing slip that goes in the parcel: the order, whom and where to deliver it to, what to collect, and each
 * line with a box to tick as it is packed. No prices per line: the parcel may be a gift.
 */
export async function renderPackingSlip(order: Order): Promise<Buffer> {
  const doc = newDocument({ Title: `Packing slip ${order._id}`, Author: SHOP });
  line(doc, SHOP, LEFT, 50, { size: 26, weight: 'bold', color: BRAND });
  line(doc, 'PACKING SLIP', LEFT, 58, { size: 16, weight: 'bold', width: RIGHT - LEFT, align: 'right', color: MUTED });
  doc.moveTo(LEFT, 92).lineTo(RIGHT, 92).lineWidth(1).strokeColor(BRAND).stroke();

  const address = order.deliveryAddress;
  let y = 106;
  for (const [label, value] of [
    ['Order no.', order._id],
    ['Placed', dhakaDate(order.createdAt)],
    ['Deliver to', order.customerName],
    ['Phone', order.phone],
    ['Address', `${address.addressDetails}, ${address.city}, ${address.district}, ${address.division}`],
  ] as const) {
    line(doc, label, LEFT, y, { size: 10, color: MUTED });
    y = paragraph(doc, value, LEFT + 90, y, RIGHT - LEFT - 90, { size: 10 }) + 3;
  }
  y += 6;
  line(doc, collect(order), LEFT, y, { size: 13, weight: 'bold' });

  y = tableHeader(doc, y + 28);
  for (const item of order.items) {
    const options = [item.size ? `Size: ${item.size}` : null, item.color ? `Colour: ${item.color}` : null].filter(Boolean).join(', ');
    doc.rect(COLUMNS.check, y, 10, 10).lineWidth(0.8).strokeColor(MUTED).stroke();
    const nameBottom = paragraph(doc, item.productName, COLUMNS.item, y, COLUMNS.qty - COLUMNS.item - 16, { size: 11 });
    const bottom = options ? paragraph(doc, options, COLUMNS.item, nameBottom, COLUMNS.qty - COLUMNS.item - 16, { size: 9, color: MUTED }) : nameBottom;
    line(doc, String(item.quantity), COLUMNS.qty, y, { size: 11, weight: 'bold', width: RIGHT - COLUMNS.qty - 6, align: 'right' });
    y = bottom + 10;
    doc.moveTo(LEFT, y - 5).lineTo(RIGHT, y - 5).lineWidth(0.5).strokeColor('#d5dcd9').stroke();
    if (y > 760) {
      doc.addPage();
      y = tableHeader(doc, 50);
    }
  }
  const units = order.items.reduce((sum, item) => sum + item.quantity, 0);
  line(doc, `${order.items.length} ${order.items.length === 1 ? 'line' : 'lines'}, ${units} ${units === 1 ? 'unit' : 'units'}`, LEFT, y + 6, {
    size: 10,
    color: MUTED,
    width: RIGHT - LEFT - 6,
    align: 'right',
  });
  return toBuffer(doc);
}
