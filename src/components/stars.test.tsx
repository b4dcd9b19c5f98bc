import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Stars } from './stars';

/** The width of the amber layer, which draws the filled part of the five stars. */
function filledWidth(rating: number): string | null {
  const { container, unmount } = render(<Stars rating={rating} />);
  const width = container.querySelector('svg svg')?.getAttribute('width') ?? null;
  unmount();
  return width;
}

describe('Stars', () => {
  it('fills the stars to the rating, fractions included, within 0–5', () => {
    expect(filledWidth(3.5)).toBe('70%');
    expect(filledWidth(0)).toBe('0%');
    expect(filledWidth(5)).toBe('100%');
    expect(filledWidth(-1)).toBe('0%');
    expect(filledWidth(9)).toBe('100%');
  });

  it('is announced as one phrase, rounded to a tenth and kept within 0–5', () => {
    render(
      <>
        <Stars rating={4.26} />
        <Stars rating={7} size="lg" />
      </>,
    );
    expect(screen.getByRole('img', { name: 'Rated 4.3 out of 5' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument();
  });

  it('draws a rating with a handful of elements, not two icons per star', () => {
    const { container } = render(<Stars rating={3.7} />);
    expect(container.querySelectorAll('*')).toHaveLength(5);
  });
});
