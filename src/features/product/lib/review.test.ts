import { describe, expect, it } from 'vitest';
import { canSubmitReview } from './review';

describe('canSubmitReview', () => {
  it('needs at least one star and text that is not only spaces', () => {
    expect(canSubmitReview(0, 'Great ball')).toBe(false);
    expect(canSubmitReview(4, '')).toBe(false);
    expect(canSubmitReview(4, '   \n ')).toBe(false);
    expect(canSubmitReview(1, 'ok')).toBe(true);
    expect(canSubmitReview(5, '  Great ball  ')).toBe(true);
  });

  it('refuses star counts outside 1–5 or fractions', () => {
    expect(canSubmitReview(6, 'Great')).toBe(false);
    expect(canSubmitReview(2.5, 'Great')).toBe(false);
    expect(canSubmitReview(-1, 'Great')).toBe(false);
  });
});
