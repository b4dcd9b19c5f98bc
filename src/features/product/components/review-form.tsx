import { onlineManager } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/button';
import { ReviewFields } from '@/components/review-fields';
import { notify } from '@/lib/notify';
import { useReviewWaiting, useSubmitReview } from '../api';
import { canSubmitReview } from '../lib/review';
import { useMessages } from '@/i18n/react';
import { productText } from '@/messages/product';

/**
 * A signed-in customer's review of the product. The button stays disabled until there is
 * at least one star and some text. Written offline, the review waits for the connection: the
 * form says so, and the outcome is told when it has been posted.
 */
export function ReviewForm({ productId, userId }: { productId: string; userId: string }) {
  const [stars, setStars] = useState(0);
  const [text, setText] = useState('');
  const submit = useSubmitReview(productId);
  const waiting = useReviewWaiting(productId);
  const legendId = useId();
  const statusId = useId();
  const words = useMessages(productText);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (waiting || !canSubmitReview(stars, text)) return;
    if (!onlineManager.isOnline()) notify.message(words.reviewOffline);
    submit.mutate(
      { productId, review: { userId, stars, text: text.trim() } },
      {
        onSuccess: () => {
          setStars(0);
          setText('');
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-3 rounded-lg border border-gray-200 p-4" aria-labelledby={legendId}>
      <h3 id={legendId} className="text-base font-semibold text-gray-900">
        {words.writeReview}
      </h3>
      <ReviewFields stars={stars} onStarsChange={setStars} text={text} onTextChange={setText} />
      {waiting && (
        <p id={statusId} role="status" className="rounded-md bg-gray-100 px-3 py-2 text-sm text-gray-800">
          {words.reviewWaiting}
        </p>
      )}
      <Button
        type="submit"
        className="self-start"
        disabled={waiting || !canSubmitReview(stars, text)}
        busy={submit.isPending && !submit.isPaused}
        aria-describedby={waiting ? statusId : undefined}
      >
        {words.submitReview}
      </Button>
    </form>
  );
}
