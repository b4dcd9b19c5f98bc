import type { Resolver, ResolverError, ResolverSuccess } from 'react-hook-form';
import { shopWordInputSchema, type ShopWord, type ShopWordInput } from '@contract/shop-words';

/** The entry's form as its one input holds it: the words separated by commas. */
export type ShopWordFormValues = { words: string };

/** How an entry reads in a list and a title: its words joined by a middle dot, e.g. 'চাল · chal · rice'. */
export const shownWords = (words: readonly string[]): string => words.join(' · ');

/** The words typed, split at commas (Latin or Bangla keyboards' `,` and the Arabic-script `،`) and at new lines. */
export const typedWords = (typed: string): string[] => typed.split(/[,،\n]/).filter((word) => word.trim() !== '');

export const shopWordFormDefaults = (entry?: ShopWord): ShopWordFormValues => ({ words: entry ? entry.words.join(', ') : '' });

/**
 * Checks the typed words with the server's own rule; the first refusal (too few, a word too long…) shows on the one
 * input, whichever word it is about.
 */
export const shopWordResolver: Resolver<ShopWordFormValues, unknown, ShopWordInput> = (values) => {
  const parsed = shopWordInputSchema.safeParse({ words: typedWords(values.words) });
  if (parsed.success) {
    const accepted: ResolverSuccess<ShopWordInput> = { values: parsed.data, errors: {} };
    return accepted;
  }
  const refused: ResolverError<ShopWordFormValues> = { values: {}, errors: { words: { type: 'validate', message: parsed.error.issues[0]?.message } } };
  return refused;
};

/** The server's refusal for the entry's words, about the list (`words`) or one of them (`words.2`). */
export const wordsRefusal = (fields: Record<string, string>): string | undefined =>
  Object.entries(fields).find(([path]) => path === 'words' || path.startsWith('words.'))?.[1];
