import type { OrderEvent } from '@contract/back-office-orders';
import { formatDhakaTime } from '../../lib/orders/order-filters';
import { ACTOR_LABELS, PAYMENT_STATUS_LABELS, STATUS_LABELS } from '../../lib/orders/order-text';

const TEXT = {
  heading: 'History',
  timeZone: 'Times in Dhaka (UTC+6).',
  placed: (status: string) => `Placed as ${status.toLowerCase()}`,
  status: 'Status',
  payment: 'Payment',
  by: (who: string) => `by ${who}`,
  empty: 'No changes recorded.',
};

const labelOf = (event: OrderEvent, value: string) =>
  (event.kind === 'status' ? STATUS_LABELS : PAYMENT_STATUS_LABELS)[value as never] ?? value;

function whatHappened(event: OrderEvent): string {
  if (event.from === null) return TEXT.placed(labelOf(event, event.to));
  return `${event.kind === 'status' ? TEXT.status : TEXT.payment}: ${labelOf(event, event.from)} → ${labelOf(event, event.to)}`;
}

/** Who changed the order's status or payment, and when: oldest first, as the server records it. */
export function OrderHistory({ history }: { history: readonly OrderEvent[] }) {
  return (
    <section aria-labelledby="order-history-heading" className="rounded-lg border border-gray-200 bg-white p-4">
      <h2 id="order-history-heading" className="text-lg font-bold text-gray-900">
        {TEXT.heading}
      </h2>
      <p className="text-sm text-gray-600">{TEXT.timeZone}</p>
      {history.length === 0 ? (
        <p className="mt-2 text-gray-700">{TEXT.empty}</p>
      ) : (
        <ol aria-label={TEXT.heading} className="mt-3 flex flex-col gap-3 border-l-2 border-gray-200 pl-4">
          {history.map((event) => (
            <li key={event._id} className="min-w-0">
              <p className="font-medium break-words text-gray-900">{whatHappened(event)}</p>
              <p className="text-sm text-gray-700">
                <time dateTime={event.at}>{formatDhakaTime(event.at)}</time> ·{' '}
                {TEXT.by(event.actorName ? `${event.actorName} (${ACTOR_LABELS[event.actor]})` : ACTOR_LABELS[event.actor])}
              </p>
              {event.note && <p className="text-sm break-words text-gray-700">{event.note}</p>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
