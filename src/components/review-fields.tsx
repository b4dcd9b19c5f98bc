import { Star } from 'lucide-react';
import { useId, useState } from 'react';
import { cn } from './cn';
import { TextArea } from './text-field';
import { useFormat, useMessages } from '@/i18n/react';
import { shopText } from '@/messages/shop';

type ReviewFieldsProps = {
  stars: number;
  onStarsChange: (stars: number) => void;
  text: string;
  onTextChange: (text: string) => void;
};

/** The rating (five native radios, so arrow keys move between the stars) and the review text of a review form. */
export function ReviewFields({ stars, onStarsChange, text, onTextChange }: ReviewFieldsProps) {
  const group = useId();
  const [hovered, setHovered] = useState(0);
  const shown = hovered || stars;
  const labels = useMessages(shopText);
  const format = useFormat();
  return (
    <>
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-gray-800">{labels.yourRating}</legend>
        <div className="flex" onPointerLeave={() => setHovered(0)}>
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="relative inline-flex size-11 cursor-pointer items-center justify-center" onPointerEnter={() => setHovered(n)}>
              <input
                type="radio"
                name={group}
                value={n}
                checked={stars === n}
                onChange={() => onStarsChange(n)}
                className="peer absolute inset-0 m-0 cursor-pointer appearance-none opacity-0"
              />
              <Star
                aria-hidden="true"
                className={cn(
                  'size-7 rounded-sm peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700',
                  n <= shown ? 'fill-amber-400 text-amber-500' : 'fill-white text-gray-500',
                )}
              />
              <span className="sr-only">{labels.stars(n, format.count(n))}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <TextArea label={labels.yourReview} value={text} onChange={(event) => onTextChange(event.target.value)} rows={4} maxLength={2000} />
    </>
  );
}
