import { Star } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/button';
import { cn } from '@/components/cn';
import { notify } from '@/lib/notify';
import { useSubmitReview } from '../api';
import { canSubmitReview } from '../lib/review';

/**
 * Stars (native radio buttons, so arrow keys move between them) and text. The button stays disabled until there is
 * at least one star and some text.
 */
export function ReviewForm({ productId, userId }: { productId: string; userId: string }) {
  const [stars, setStars] = useState(0);
  const [hovered, setHovered] = useState(0);
  const [text, setText] = useState('');
  const submit = useSubmitReview(productId);
  const ids = { legend: useId(), text: useId(), group: useId() };
  const shown = hovered || stars;

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
    <form onSubmit={onSubmit} className="flex flex-col gap-3 rounded-lg border border-gray-200 p-4" aria-labelledby={ids.legend}>
      <h3 id={ids.legend} className="text-base font-semibold text-gray-900">
        Write a review
      </h3>
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-gray-800">Your rating</legend>
        <div className="flex" onPointerLeave={() => setHovered(0)}>
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="relative inline-flex size-11 cursor-pointer items-center justify-center" onPointerEnter={() => setHovered(n)}>
              <input
                type="radio"
                name={ids.group}
                value={n}
                checked={stars === n}
                onChange={() => setStars(n)}
                className="peer absolute inset-0 m-0 cursor-pointer appearance-none opacity-0"
              />
              <Star
                aria-hidden="true"
                className={cn(
                  'size-7 rounded-sm peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700',
                  n <= shown ? 'fill-amber-400 text-amber-500' : 'fill-white text-gray-500',
                )}
              />
              <span className="sr-only">{n === 1 ? '1 star' : `${n} stars`}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.text} className="text-sm font-medium text-gray-800">
          Your review
        </label>
        <textarea
          id={ids.text}
          value={text}
          onChange={(event) => setText(event.target.value)}
          rows={4}
          maxLength={2000}
          className="w-full rounded-md border border-gray-500 px-3 py-2 text-base text-gray-900"
        />
      </div>
      <Button type="submit" className="self-start" disabled={!canSubmitReview(stars, text)} busy={submit.isPending}>
        Submit Review
      </Button>
    </form>
  );
}
