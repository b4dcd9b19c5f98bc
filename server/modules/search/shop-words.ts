import { asc, count, eq, sql } from 'drizzle-orm';
import { apiMessage } from '../../../contract/api-messages';
import { pageAnswer } from '../../../contract/pages';
import { SHOP_WORD_ENTRIES_MAX, type ShopWord, type ShopWordInput, type ShopWordList, type ShopWordListQuery } from '../../../contract/shop-words';
import { keysOfWord, wordsOf } from '../../../contract/search';
import type { Db } from '../../db/client';
import { newId } from '../../db/ids';
import { shopWords } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
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

/* ---------- the back office's dictionary ---------- */

type ShopWordRow = typeof shopWords.$inferSelect;

const toShopWord = (row: ShopWordRow): ShopWord => ({ _id: row.id, words: row.words, updatedAt: row.updatedAt.toISOString() });

/** `%`, `_` and `\\` typed by the owner are literal characters, not patterns. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The entries in the order they were added (the seed's first), a page at a time. */
export async function listShopWords(db: Db, query: ShopWordListQuery): Promise<ShopWordList> {
  const where = query.search ? sql`array_to_string(${shopWords.words}, ' ') ilike ${containing(query.search)}` : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(shopWords)
      .where(where)
      .orderBy(asc(shopWords.createdAt), asc(shopWords.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(shopWords).where(where),
  ]);
  return pageAnswer(rows.map(toShopWord), counted?.n ?? 0, query.page, query.limit);
}

/** Adds an entry; the dictionary is bounded, so a full one refuses (400). */
export async function createShopWord(db: Db, input: ShopWordInput): Promise<ShopWord> {
  return db.transaction(async (tx) => {
    // One entry added at a time, so two at once cannot both take the last place.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('shop_words'))`);
    const [existing] = await tx.select({ n: count() }).from(shopWords);
    if ((existing?.n ?? 0) >= SHOP_WORD_ENTRIES_MAX) throw badRequest(apiMessage('shopWordsFull'));
    const [row] = await tx
      .insert(shopWords)
      .values({ id: newId(), words: input.words, keys: shopWordKeys(input.words) })
      .returning();
    return toShopWord(row!);
  });
}

export async function updateShopWord(db: Db, id: string, input: ShopWordInput): Promise<ShopWord> {
  const [row] = await db
    .update(shopWords)
    .set({ words: input.words, keys: shopWordKeys(input.words), updatedAt: new Date() })
    .where(eq(shopWords.id, id))
    .returning();
  if (!row) throw notFound(apiMessage('shopWordNotFound'));
  return toShopWord(row);
}

export async function deleteShopWord(db: Db, id: string): Promise<void> {
  const [row] = await db.delete(shopWords).where(eq(shopWords.id, id)).returning({ id: shopWords.id });
  if (!row) throw notFound(apiMessage('shopWordNotFound'));
}
