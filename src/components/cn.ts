/** Joins class names, skipping the ones switched off by a condition. */
export function cn(...parts: (string | false | null | undefined)[]): string {
  return parts.filter(Boolean).join(' ');
}
