import { CloudOff } from 'lucide-react';
import { useFormat, useMessages } from '@/i18n/react';
import type { WaitingOrder } from '@/lib/waiting-orders';
import { accountText } from '@/messages/account';
import { ItemThumb } from './order-card';

/** An order the shopper placed that the server has not listed yet: waiting for the connection, on its way, or placed. */
export function WaitingOrderCard({ order }: { order: WaitingOrder }) {
  const text = useMessages(accountText);
  const format = useFormat();
  const headingId = `waiting-order-${order.idempotencyKey}`;
  const [title, detail] =
    order.state === 'waiting'
      ? [text.waitingForConnection, text.waitingDetail]
      : order.state === 'sending'
        ? [text.sendingOrder, text.sendingDetail]
        : [text.orderPlacedUpdating, text.placedDetail];
  const count = order.items.reduce((sum, item) => sum + item.quantity, 0);
  return (
    <article aria-labelledby={headingId} className="rounded-lg border border-dashed border-amber-400 bg-amber-50 p-4">
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-bold text-gray-900">
        <CloudOff aria-hidden="true" className="size-5 shrink-0 text-amber-800" />
        {title}
      </h2>
      <p className="text-sm text-gray-800">{detail}</p>
      <p className="mt-2 text-base">
        <span className="font-bold text-gray-900">{format.taka(order.total)}</span>{' '}
        <span className="text-gray-700">· {text.itemCount(count, format.count(count))}</span>
      </p>
      <ul className="mt-3 divide-y divide-amber-100">
        {order.items.map((item, index) => (
          <li key={`${item.productId}-${index}`} className="flex items-center gap-3 py-2">
            <ItemThumb item={item} />
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-gray-900">{item.productName}</p>
              <p className="text-sm text-gray-700">{text.quantity(format.count(item.quantity))}</p>
            </div>
          </li>
        ))}
      </ul>
    </article>
  );
}
