import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/button';
import { ReviewFields } from '@/components/review-fields';
import { notify } from '@/lib/notify';
import { useSubmitReview } from '../api';
import { canSubmitReview } from '../lib/review';

/**
 * A signed-in customer's review of the product. The button stays disabled until there is
 * at least one star and some text.
 */
export function ReviewForm({ productId, userId }: { productId: string; userId: string }) {
  const [stars, setStars] = useState(0);
  const [text, setText] = useState('');
  const submit = useSubmitReview(productId);
  const legendId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmitReview(stars, text)) return;
    submit.mutate(
      { userId, stars, text: text.trim() },
      {
        onSuccess: () => {
          notify.success('Review submitted successfully');
          setStars(0);
          setText('');
        },
        onError: () => notify.error('Failed to submit review'),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-3 rounded-lg border border-gray-200 p-4" aria-labelledby={legendId}>
      <h3 id={legendId} className="text-base font-semibold text-gray-900">
        Write a review
      </h3>
      <ReviewFields stars={stars} onStarsChange={setStars} text={text} onTextChange={setText} />
      <Button type="submit" className="self-start" disabled={!canSubmitReview(stars, text)} busy={submit.isPending}>
        Submit Review
      </Button>
    </form>
  );
}
