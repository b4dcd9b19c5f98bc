import { BellRing } from 'lucide-react';
import { useId, useState } from 'react';
import { useMessages } from '@/i18n/react';
import { notify } from '@/lib/notify';
import { rememberAnswer } from '@/lib/order-updates';
import { orderUpdatesText } from '@/messages/order-updates';
import { Button } from './button';

/**
 * The app's own question before the browser's: only 'Yes, notify me' shows the browser's permission prompt, so a
 * shopper who would say no is never asked by it (a refusal there cannot be undone from the page). Loaded with the
 * first offer, never on a first visit.
 */
export default function OrderUpdatesCard({ onClose }: { onClose: () => void }) {
  const text = useMessages(orderUpdatesText);
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const accept = async () => {
    setBusy(true);
    setProblem(null);
    const { subscribeThisDevice } = await import('@/lib/push-subscription');
    const outcome = await subscribeThisDevice();
    setBusy(false);
    if (outcome === 'subscribed') {
      notify.success(text.subscribed);
      onClose();
    } else {
      setProblem(outcome === 'denied' ? text.blocked : text.failed);
    }
  };
  const decline = () => {
    rememberAnswer('declined');
    onClose();
  };

  return (
    <section aria-labelledby={titleId} className="flex gap-3 rounded-md border border-brand-100 bg-brand-50 p-4">
      <BellRing aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-brand-700" />
      <div className="flex min-w-0 flex-col gap-2">
        <h2 id={titleId} className="font-semibold text-gray-900">
          {text.askTitle}
        </h2>
        <p className="text-sm text-gray-800">{text.askBody}</p>
        {problem && (
          <p role="status" className="text-sm text-red-700">
            {problem}
          </p>
        )}
        {problem !== text.blocked && (
          <div className="flex flex-wrap gap-2">
            <Button busy={busy} onClick={() => void accept()}>
              {text.yes}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={decline}>
              {text.notNow}
            </Button>
          </div>
        )}
      </div>
    </section>
  );
}
