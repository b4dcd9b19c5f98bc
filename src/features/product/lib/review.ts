/** A review needs at least one star (of five) and some text once trimmed. */
export function canSubmitReview(stars: number, text: string): boolean {
  return Number.isInteger(stars) && stars >= 1 && stars <= 5 && text.trim().length > 0;
}
