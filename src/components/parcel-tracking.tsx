import type { ParcelStatus, Tracking } from '@contract/courier';
import { useFormat, useMessages } from '@/i18n/react';
import { ordersText } from '@/messages/orders';
import type orderTexts from '@/messages/orders/en';

const STATUS_KEYS = {
  booked: 'parcelBooked',
  'picked-up': 'parcelPickedUp',
  'in-transit': 'parcelInTransit',
  'out-for-delivery': 'parcelOutForDelivery',
  'on-hold': 'parcelOnHold',
  delivered: 'parcelDelivered',
  returned: 'parcelReturned',
} as const satisfies Record<ParcelStatus, keyof typeof orderTexts>;

/** When the courier says it happened, in Dhaka time and the reader's language ('29 Nov 2026, 3:05 pm'). */
const whenIn = (locale: string) =>
  new Intl.DateTimeFormat(locale === 'bn' ? 'bn-BD' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Dhaka' });

/** An order's parcel: its courier and code, the courier's tracking page, and where it has been, oldest first. */
export function ParcelTracking({ tracking, headingLevel = 3 }: { tracking: Tracking; headingLevel?: 2 | 3 }) {
  const text = useMessages(ordersText);
  const { locale } = useFormat();
  const when = whenIn(locale);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section aria-label={text.tracking} className="mt-3 rounded-md border border-gray-200 bg-gray-50 p-3">
      <Heading className="font-semibold text-gray-900">{text.tracking}</Heading>
      <p className="text-sm break-words text-gray-800">{text.parcelWith(tracking.courier, tracking.code)}</p>
      {tracking.url && (
        <a
          href={tracking.url}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-11 items-center text-sm font-medium text-blue-800 underline break-all hover:text-blue-900"
        >
          {text.trackWithCourier(tracking.courier)}
        </a>
      )}
      <ol aria-label={text.tracking} className="mt-2 flex flex-col gap-2 border-l-2 border-gray-300 pl-3">
        {tracking.events.map((event) => (
          <li key={event.status} className="min-w-0">
            <p className="text-sm font-medium text-gray-900">{text[STATUS_KEYS[event.status]]}</p>
            <p className="text-xs text-gray-700">
              <time dateTime={event.at}>{when.format(new Date(event.at))}</time>
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
