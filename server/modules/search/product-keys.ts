import { and, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { deletionVariants, searchKeys, termVariantDepth, type SearchField } from '../../../contract/search';
import type { Db, Tx } from '../../db/client';
import { categories, products, subCategories, subSubCategories } from '../../db/schema';
import { rekeyShopWords } from './shop-words';

/**
 * The version of the keys this code writes: raise it when the keys change (contract/search.ts, the fields below), and
 * every product is written again at the next start, a batch at a time (the shop words' keys with them).
 */
export const SEARCH_KEYS_VERSION = 4;

/** The mark a product's key carries for its field: `n:rice` is rice in the name. */
export const FIELD_MARK: Record<SearchField, string> = { name: 'n', tags: 't', category: 'c', description: 'd' };

/** The fields whose words are search terms (found by their start and with typos); a description's only whole. */
export const TERM_FIELDS: readonly SearchField[] = ['name', 'tags', 'category'];

/**
 * The longest word start kept as a key of its own. The short starts are the ones that stand for many words (`s`, `sa`,
 * `sar`), and as keys a search reads them in one index lookup; a longer start stands for few words, found among the
 * search terms, and keeping every start as a key would more than double the keys a product write gives the index.
 */
export const START_KEY_MAX = 3;

/** The key a product carries for a word of `field`: `n:rice` for rice in the name. */
export const wordKey = (field: SearchField, word: string) => `${FIELD_MARK[field]}:${word}`;

/** The key a product carries when a word of `field` starts with `start` (and is longer): `n>sa` for sari in the name. */
export const startKey = (field: SearchField, start: string) => `${FIELD_MARK[field]}>${start}`;

/** A term field's keys: each word as `n:sari`, and its starts of up to START_KEY_MAX letters as `n>s`, `n>sa`, `n>sar`. */
function termFieldKeys(field: SearchField, words: readonly string[]): string[] {
  const keys = new Set(words.map((word) => wordKey(field, word)));
  for (const word of words) {
    for (let end = 1; end < word.length && end <= START_KEY_MAX; end += 1) keys.add(startKey(field, word.slice(0, end)));
  }
  return [...keys];
}

/** A product's keys as stored: its words marked by field, and the starts of its name's, tags' and category's words. */
export function storedKeys(fields: Record<SearchField, string[]>): string[] {
  return (Object.keys(fields) as SearchField[]).flatMap((field) =>
    TERM_FIELDS.includes(field) ? termFieldKeys(field, fields[field]) : fields[field].map((word) => wordKey(field, word)),
  );
}

type ProductText = {
  name: string;
  nameBn: string | null;
  description: string;
  descriptionBn: string | null;
  tags: string[];
  categoryName: string;
  categoryNameBn: string | null;
  subCategoryName: string | null;
  subCategoryNameBn: string | null;
  subSubCategoryName: string | null;
  subSubCategoryNameBn: string | null;
};

/** Where each search field's words come from: the English and the Bangla name alike. */
const FIELD_TEXTS: Record<SearchField, (product: ProductText) => (string | null)[]> = {
  name: (p) => [p.name, p.nameBn],
  tags: (p) => p.tags,
  category: (p) => [p.categoryName, p.categoryNameBn, p.subCategoryName, p.subCategoryNameBn, p.subSubCategoryName, p.subSubCategoryNameBn],
  description: (p) => [p.description, p.descriptionBn],
};

/** A product's keys by field. */
export function productFieldKeys(product: ProductText): Record<SearchField, string[]> {
  const keysOf = (texts: (string | null)[]) => searchKeys(texts.filter((t) => t !== null).join(' '));
  return {
    name: keysOf(FIELD_TEXTS.name(product)),
    tags: keysOf(FIELD_TEXTS.tags(product)),
    category: keysOf(FIELD_TEXTS.category(product)),
    description: keysOf(FIELD_TEXTS.description(product)),
  };
}

/** Products whose keys are written per statement. */
const BATCH = 500;

/** Keys and terms pass as one text each: they are letters and digits only, so a space separates them. */
const spaced = (values: readonly string[]) => values.join(' ');

/** Keys or terms as one `text[]` parameter. */
export const textArray = (values: readonly string[]) => (values.length === 0 ? sql`'{}'::text[]` : sql`string_to_array(${spaced(values)}, ' ')`);

/** The keys a product carries when `term` (a text in SQL) is a word of its name, its tags or its category. */
export const termKeysOf = (term: SQL) =>
  sql`array[${sql.join(
    TERM_FIELDS.map((field) => sql`${`${FIELD_MARK[field]}:`} || ${term}`),
    sql`, `,
  )}]`;

/**
 * Every change of the search terms takes this lock for its transaction, so the terms are changed by one transaction at a
 * time across all the processes on the database: a term one removes because no product carries it cannot be one that
 * another is giving a product at that moment. Only these transactions take it, each for one batch; searches read the
 * terms without it.
 */
const lockTerms = (tx: Tx) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('search_terms'))`);

const TERM_MARKS = new Set(TERM_FIELDS.map((field) => `${FIELD_MARK[field]}:`));

/** The search terms among a product's stored keys: the words of its name, tags and category. */
const termsOfKeys = (keys: readonly string[]) => keys.filter((key) => TERM_MARKS.has(key.slice(0, 2))).map((key) => key.slice(2));

/** Adds search terms the index has not seen, with their deletion variants. */
async function addTerms(tx: Tx, terms: ReadonlySet<string>): Promise<void> {
  if (terms.size === 0) return;
  const added = (await tx.execute(sql`insert into search_terms (term) select unnest(${textArray([...terms])})
    on conflict do nothing returning term`)) as unknown as { rows: { term: string }[] };
  const variants: string[] = [];
  const owners: string[] = [];
  for (const { term } of added.rows) {
    for (const variant of deletionVariants(term, termVariantDepth(term))) {
      variants.push(variant);
      owners.push(term);
    }
  }
  for (let i = 0; i < variants.length; i += 20_000) {
    await tx.execute(sql`insert into search_term_variants (variant, term)
      select * from unnest(${textArray(variants.slice(i, i + 20_000))}, ${textArray(owners.slice(i, i + 20_000))})
      on conflict do nothing`);
  }
}

/**
 * Removes those of `terms` that no published product's name, tags or category carries any more (their variants go
 * with them): the terms are what a shopper may be offered as a word's start, a typo's word or a correction, and a
 * shopper finds published products only, so a draft's words are not offered (nor shown to anyone by a correction).
 */
async function removeUnusedTerms(tx: Tx, terms: ReadonlySet<string>): Promise<void> {
  if (terms.size === 0) return;
  await tx.execute(sql`delete from search_terms t where t.term = any(${textArray([...terms])})
    and not exists (select 1 from products p where p.status = 'published' and p.search_keys && ${termKeysOf(sql`t.term`)})`);
}

/**
 * Writes the keys of one batch of products whose keys are out of date, and keeps the search terms exact in the same
 * transaction: a published product's terms are added, and the terms its old keys carried that it no longer gives
 * (all of them for a draft) are removed unless another published product carries them. The number written.
 */
async function indexBatch(db: Db, ids: readonly string[] | undefined): Promise<number> {
  return db.transaction(async (tx) => {
    await lockTerms(tx);
    const stale = lt(products.searchKeysVersion, SEARCH_KEYS_VERSION);
    // A product another transaction is writing is left for later: it is out of date again once that one ends.
    const rows = await tx
      .select({
        id: products.id,
        status: products.status,
        keys: products.searchKeys,
        name: products.name,
        nameBn: products.nameBn,
        description: products.description,
        descriptionBn: products.descriptionBn,
        tags: products.tags,
        categoryName: categories.name,
        categoryNameBn: categories.nameBn,
        subCategoryName: subCategories.name,
        subCategoryNameBn: subCategories.nameBn,
        subSubCategoryName: subSubCategories.name,
        subSubCategoryNameBn: subSubCategories.nameBn,
      })
      .from(products)
      .innerJoin(categories, eq(products.categoryId, categories.id))
      .leftJoin(subCategories, eq(products.subCategoryId, subCategories.id))
      .leftJoin(subSubCategories, eq(products.subSubCategoryId, subSubCategories.id))
      .where(ids ? and(stale, inArray(products.id, [...ids])) : stale)
      .limit(BATCH)
      .for('update', { of: products, skipLocked: true });
    if (rows.length === 0) return 0;
    const given = new Set<string>();
    const dropped = new Set<string>();
    const values = rows.map((row) => {
      const fields = productFieldKeys(row);
      if (row.status === 'published') for (const field of TERM_FIELDS) for (const key of fields[field]) given.add(key);
      for (const term of termsOfKeys(row.keys)) dropped.add(term);
      return sql`(${row.id}, ${spaced(storedKeys(fields))})`;
    });
    for (const term of given) dropped.delete(term);
    await tx.execute(sql`update products set search_keys = string_to_array(v.keys, ' '), search_keys_version = ${SEARCH_KEYS_VERSION}
      from (values ${sql.join(values, sql`, `)}) as v(id, keys) where products.id = v.id`);
    await addTerms(tx, given);
    await removeUnusedTerms(tx, dropped);
    return rows.length;
  });
}

/** Deletes the products `which` names and, in the same transaction, the search terms no published product left carries. */
export async function deleteProducts(db: Db, which: SQL): Promise<void> {
  await db.transaction(async (tx) => {
    await lockTerms(tx);
    const deleted = await tx.delete(products).where(which).returning({ keys: products.searchKeys });
    await removeUnusedTerms(tx, new Set(deleted.flatMap((row) => termsOfKeys(row.keys))));
  });
}

const running = new WeakMap<Db, Promise<void>>();

/**
 * Writes the search keys of every product whose keys are out of date (new, changed, or written by older code), a
 * batch at a time, and the shop words' keys where this code writes them otherwise; calls made meanwhile share the run
 * in progress.
 */
export function indexStaleProducts(db: Db): Promise<void> {
  let run = running.get(db);
  if (!run) {
    run = (async () => {
      try {
        await rekeyShopWords(db);
        let written = 0;
        let batch: number;
        while ((batch = await indexBatch(db, undefined)) > 0) written += batch;
        // After many keys changed, the index's pending keys are merged (a search reads all of them) and the planner,
        // which chooses how to read a search's words by their share of the products, counts again: PGlite has no
        // autovacuum to do either, and PostgreSQL's comes later.
        if (written >= BATCH) {
          await db.execute(sql`select gin_clean_pending_list('products_search_keys_idx')`);
          await db.execute(sql`analyze products`);
        }
      } finally {
        running.delete(db);
      }
    })();
    running.set(db, run);
  }
  return run;
}

/** Writes the keys of the given products now (after the service changed them). */
export async function indexProducts(db: Db, ids: readonly string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += BATCH) await indexBatch(db, ids.slice(i, i + BATCH));
}

/** Whether a product's keys are out of date: the listing's search brings them up to date before it reads. */
export async function hasStaleProducts(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: products.id }).from(products).where(lt(products.searchKeysVersion, SEARCH_KEYS_VERSION)).limit(1);
  return row !== undefined;
}

/**
 * Marks products whose category words changed (a category renamed, a sub-category moved) as out of date: the next
 * search writes their keys again before it reads.
 */
export async function markProductsStale(db: Db | Tx, which: SQL): Promise<void> {
  await db.update(products).set({ searchKeysVersion: 0 }).where(which);
}
