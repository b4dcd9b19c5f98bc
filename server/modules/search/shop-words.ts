import { count, eq, sql } from 'drizzle-orm';
import { keysOfWord, wordsOf } from '../../../contract/search';
import type { Db } from '../../db/client';
import { newId } from '../../db/ids';
import { shopWords } from '../../db/schema';
import { SEED_SHOP_WORDS } from './shop-words-seed';

/** The keys of an entry's single words: a phrase is kept for the owner to read but expands no query. */
export function shopWordKeys(words: readonly string[]): string[] {
  return [...new Set(words.flatMap((word) => (wordsOf(word).length === 1 ? keysOfWord(wordsOf(word)[0]!) : [])))];
}

/** Each of `keys` with the keys of the shop words it is one of (itself not repeated). */
export async function synonymsOf(db: Db, keys: readonly string[]): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  if (keys.length === 0) return found;
  const rows = await db
    .select({ keys: shopWords.keys })
    .from(shopWords)
    .where(sql`${shopWords.keys} && string_to_array(${keys.join(' ')}, ' ')`)
    .limit(50);
  for (const key of keys) {
    const same = rows.filter((row) => row.keys.includes(key)).flatMap((row) => row.keys.filter((other) => other !== key));
    if (same.length > 0) found.set(key, [...new Set(same)]);
  }
  return found;
}

/** Writes again the keys of the shop words whose keys this code writes otherwise (the key rules changed). */
export async function rekeyShopWords(db: Db): Promise<void> {
  const rows = await db.select({ id: shopWords.id, words: shopWords.words, keys: shopWords.keys }).from(shopWords);
  for (const row of rows) {
    const keys = shopWordKeys(row.words);
    if (keys.join(' ') !== row.keys.join(' ')) await db.update(shopWords).set({ keys }).where(eq(shopWords.id, row.id));
  }
}

/** Fills an empty dictionary with the shop words a new shop starts with. */
export async function seedShopWords(db: Db): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(shopWords);
  if ((existing?.n ?? 0) > 0) return;
  const start = Date.now();
  await db.insert(shopWords).values(
    SEED_SHOP_WORDS.map((line, index) => {
      const words = line.split('|');
      // Distinct times keep the seed's order in the back office's list.
      return { id: newId(), words, keys: shopWordKeys(words), createdAt: new Date(start + index) };
    }),
  );
}
