import type { OrderEvent } from '@contract/back-office-orders';
import type { OrderEventActor, OrderStatus, PaymentStatus } from '@contract/orders';
import type { ReturnStatus } from '@contract/returns';
import { useFormat, useMessages } from '@/i18n/react';
import { backOfficeText } from '@/messages/back-office';
import { backOfficeOrdersText } from '@/messages/back-office-orders';
import type orderTexts from '@/messages/back-office-orders/en';
import { formatDhakaTime } from '../../lib/orders/order-filters';
import { paymentStatusLabel, statusLabel } from '../../lib/orders/order-text';

const ACTOR_KEYS = {
  customer: 'actorCustomer',
  admin: 'actorAdmin',
  gateway: 'actorGateway',
  courier: 'actorCourier',
  system: 'actorSystem',
} as const satisfies Record<OrderEventActor, keyof typeof orderTexts>;

const RETURN_KEYS = {
  requested: 'returnRequested',
  approved: 'returnApproved',
  rejected: 'returnRejected',
  received: 'returnReceived',
  refunded: 'returnRefunded',
} as const satisfies Record<ReturnStatus, keyof typeof orderTexts>;

/** Who changed the order's status, payment, cash confirmation or return, and when: oldest first, as the server records it. */
export function OrderHistory({ history }: { history: readonly OrderEvent[] }) {
  const text = useMessages(backOfficeOrdersText);
  const words = useMessages(backOfficeText);
  const { locale } = useFormat();
  // A value the shop does not know (an older record) shows as it is.
  const labelOf = (event: OrderEvent, value: string) => {
    if (event.kind === 'confirmation') return value === 'confirmed' ? text.confirmedConfirmation : value === 'awaiting' ? text.awaitingConfirmation : value;
    if (event.kind === 'return') return value in RETURN_KEYS ? text[RETURN_KEYS[value as ReturnStatus]] : value;
    return (event.kind === 'status' ? statusLabel(words, value as OrderStatus) : paymentStatusLabel(words, value as PaymentStatus)) ?? value;
  };
  const kindLabels = { status: text.status, payment: text.payment, confirmation: text.cashConfirmation, return: text.returnKind };
  const whatHappened = (event: OrderEvent): string => {
    if (event.kind === 'return' && event.from === null) return `${text.returnKind}: ${labelOf(event, event.to)}`;
    if (event.from === null) return text.placedAs(labelOf(event, event.to));
    return `${kindLabels[event.kind]}: ${labelOf(event, event.from)} → ${labelOf(event, event.to)}`;
  };
  const actor = (event: OrderEvent) => text[ACTOR_KEYS[event.actor]];

  return (
    <section aria-labelledby="order-history-heading" className="rounded-lg border border-gray-200 bg-white p-4">
      <h2 id="order-history-heading" className="text-lg font-bold text-gray-900">
        {text.history}
      </h2>
      <p className="text-sm text-gray-600">{text.timeZone}</p>
      {history.length === 0 ? (
        <p className="mt-2 text-gray-700">{text.noChanges}</p>
      ) : (
        <ol aria-label={text.history} className="mt-3 flex flex-col gap-3 border-l-2 border-gray-200 pl-4">
          {history.map((event) => (
            <li key={event._id} className="min-w-0">
              <p className="font-medium break-words text-gray-900">{whatHappened(event)}</p>
              <p className="text-sm text-gray-700">
                <time dateTime={event.at}>{formatDhakaTime(event.at, locale)}</time> ·{' '}
                {text.by(event.actorName ? `${event.actorName} (${actor(event)})` : actor(event))}
              </p>
              {event.note && <p className="text-sm break-words text-gray-700">{event.note}</p>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
