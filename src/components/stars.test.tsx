import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { starFill, Stars } from './stars';

describe('Stars', () => {
  it('fills each star to the rating, fractions included', () => {
    expect([1, 2, 3, 4, 5].map((n) => starFill(3.5, n))).toEqual([1, 1, 1, 0.5, 0]);
    expect([1, 2, 3, 4, 5].map((n) => starFill(0, n))).toEqual([0, 0, 0, 0, 0]);
    expect(starFill(5, 5)).toBe(1);
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
});
