import { z } from 'zod';
import { pageOf, pageQueryFields } from './pages';
import { line, text } from './text';

/**
 * The shop's words as the back office edits them (`/api/shop-words`, admins only): each entry a group of words a
 * shopper means the same by (চাল, chal, rice); a word typed in a search is searched as all the words of its entries.
 */

export const SHOP_WORD_MAX = 60;
export const SHOP_WORDS_PER_ENTRY_MAX = 20;
/** Entries the dictionary holds at most: every search reads it, and a change of the search rules writes it again. */
export const SHOP_WORD_ENTRIES_MAX = 2000;
export const SHOP_WORDS_PAGE_SIZE = 50;
export const SHOP_WORDS_PAGE_MAX = 100;

export const SHOP_WORDS_TOO_FEW = 'An entry needs at least 2 words';
export const SHOP_WORDS_TOO_MANY = `An entry has at most ${SHOP_WORDS_PER_ENTRY_MAX} words`;
export const SHOP_WORD_EMPTY = 'A word cannot be empty';
export const SHOP_WORD_TOO_LONG = `A word must be at most ${SHOP_WORD_MAX} characters`;
export const SHOP_WORD_NO_LETTERS = 'A word needs a letter or a digit';
export const SHOP_WORDS_FULL = `The dictionary holds at most ${SHOP_WORD_ENTRIES_MAX.toLocaleString('en')} entries`;
export const SHOP_WORD_NOT_FOUND = 'Shop word not found';

/* ---------- answers ---------- */

export const shopWordSchema = z.object({
  _id: z.string(),
  /** As the owner wrote them, in their order; a phrase among them is kept to read but expands no search. */
  words: z.array(z.string()),
  /** ISO 8601. */
  updatedAt: z.string(),
});
export type ShopWord = z.infer<typeof shopWordSchema>;

export const shopWordListSchema = pageOf(shopWordSchema);
export type ShopWordList = z.infer<typeof shopWordListSchema>;

/* ---------- requests ---------- */

const word = line()
  .trim()
  .min(1, SHOP_WORD_EMPTY)
  .max(SHOP_WORD_MAX, SHOP_WORD_TOO_LONG)
  .refine((value) => /[\p{L}\p{N}]/u.test(value), SHOP_WORD_NO_LETTERS);

/** `POST /api/shop-words`, `PUT /api/shop-words/{id}`: the entry's words; the same word twice (in any case) is kept once, as first written. */
export const shopWordInputSchema = z.object({
  words: z
    .array(word, { error: SHOP_WORDS_TOO_FEW })
    .max(SHOP_WORDS_PER_ENTRY_MAX, SHOP_WORDS_TOO_MANY)
    .transform((words) => {
      const seen = new Set<string>();
      return words.map((w) => w.normalize('NFC')).filter((w) => !seen.has(w.toLowerCase()) && seen.add(w.toLowerCase()));
    })
    .refine((words) => words.length >= 2, SHOP_WORDS_TOO_FEW),
});
export type ShopWordInput = z.output<typeof shopWordInputSchema>;

/** `GET /api/shop-words`: in the order they were added, a page at a time; `search` keeps the entries with a word that contains it. */
export const shopWordListQuerySchema = z.object({
  ...pageQueryFields(SHOP_WORDS_PAGE_SIZE, SHOP_WORDS_PAGE_MAX),
  search: text().trim().max(SHOP_WORD_MAX, SHOP_WORD_TOO_LONG).optional(),
});
export type ShopWordListQuery = z.output<typeof shopWordListQuerySchema>;
