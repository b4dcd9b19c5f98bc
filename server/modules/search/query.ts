import { sql, type SQL } from 'drizzle-orm';
import {
  deletionVariants,
  editDistance,
  keysOfWord,
  queryWords,
  wordScore,
  wordsOf,
  MAX_QUERY_WORDS,
  type QueryWord,
  type SearchField,
  type WordMatch,
} from '../../../contract/search';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';
import { START_KEY_MAX, startKey, termKeysOf, TERM_FIELDS, textArray, wordKey } from './product-keys';
import { synonymsOf } from './shop-words';

/** Terms a start longer than START_KEY_MAX stands for at most (such a start is specific: few words share it). */
const START_TERMS = 60;
/** Terms a typed word's typos stand for at most. */
const TYPO_TERMS = 40;

/**
 * A typed word with what it meets: `exact` its keys and its shop words', `start` the words of the shop it is the start
 * of when longer than START_KEY_MAX, `typo` the terms within its typos; `starts` its own keys when it is the last word
 * and START_KEY_MAX letters or fewer, met by the products' start keys (`n>sa`).
 */
export type WordTerms = { word: QueryWord; terms: Record<WordMatch, string[]>; starts: string[] };

/**
 * One relevance tier of a search of one word: the products whose keys meet `keys`, all scoring `score`. A product is
 * in the first tier it meets.
 */
export type SearchTier = { score: number; keys: string[] };

/**
 * A search as SQL: the products every word meets, and their relevance; for one word also its tiers, best first, so
 * the most relevant page is read tier by tier, each in sales order, without scoring every product that matches.
 */
export type SearchPlan = { where: SQL; relevance: SQL; tiers: SearchTier[] | null };

/** The terms a typed start longer than START_KEY_MAX stands for, the shortest first. */
async function startTerms(db: Db, starts: readonly string[]): Promise<string[]> {
  const found = await Promise.all(
    starts.map(async (key) => {
      const rows = (await db.execute(
        sql`select term from search_terms where term like ${`${key}%`} and term <> ${key} order by length(term), term limit ${START_TERMS}`,
      )) as unknown as { rows: { term: string }[] };
      return rows.rows.map((row) => row.term);
    }),
  );
  return [...new Set(found.flat())];
}

async function typoTerms(db: Db, word: QueryWord): Promise<string[]> {
  if (word.typos === 0) return [];
  const variants = [...new Set(word.typed.flatMap((key) => deletionVariants(key, word.typos)))];
  const rows = (await db.execute(
    sql`select distinct term from search_term_variants where variant = any(${textArray(variants)}) limit ${TYPO_TERMS * 10}`,
  )) as unknown as { rows: { term: string }[] };
  const close = rows.rows
    .map((row) => row.term)
    .filter((term) => !word.keys.includes(term) && word.typed.some((key) => editDistance(key, term, word.typos) <= word.typos));
  return close.slice(0, TYPO_TERMS);
}

/** The words of a query with what each meets: itself and its shop words, the words it starts, its typos. */
export async function wordTerms(db: Db, query: string): Promise<WordTerms[]> {
  const typedKeys = wordsOf(query).slice(0, MAX_QUERY_WORDS).flatMap(keysOfWord);
  const synonyms = await synonymsOf(db, typedKeys);
  const words = queryWords(query, (keys) => keys.flatMap((key) => synonyms.get(key) ?? []));
  return Promise.all(
    words.map(async (word) => {
      const typedStarts = word.last ? word.typed : [];
      const starts = typedStarts.filter((key) => key.length <= START_KEY_MAX);
      const [start, typo] = await Promise.all([
        startTerms(
          db,
          typedStarts.filter((key) => key.length > START_KEY_MAX),
        ),
        typoTerms(db, word),
      ]);
      return {
        word,
        starts,
        terms: {
          exact: word.keys,
          start: start.filter((term) => !word.keys.includes(term)),
          typo: typo.filter((term) => !start.includes(term) && !starts.some((key) => term.startsWith(key))),
        },
      };
    }),
  );
}

/** Only a name, tags and a category are met by a word's start or a typo; a description by its whole words. */
const fieldsFor = (match: WordMatch): readonly SearchField[] => (match === 'exact' ? [...TERM_FIELDS, 'description'] : TERM_FIELDS);

const marked = (terms: readonly string[], field: SearchField) => terms.map((term) => wordKey(field, term));

const MATCHES: readonly WordMatch[] = ['exact', 'start', 'typo'];

/** The products that carry any of `keys`: a lookup in the search keys' index. */
export const meetsKeys = (keys: readonly string[]) => sql`${products.searchKeys} && ${textArray(keys)}`;

/**
 * A word's tiers, best first: each way it meets a product (exact word, start, typo) in each field, by wordScore. A
 * start meets a product's start key (`n>sa`) or one of the words it starts (`n:sari`).
 */
function tiersOf({ terms, starts }: WordTerms): SearchTier[] {
  return MATCHES.flatMap((match) => {
    const startKeys = (field: SearchField) => (match === 'start' ? starts.map((start) => startKey(field, start)) : []);
    return fieldsFor(match)
      .map((field) => ({ score: wordScore(match, field), keys: [...startKeys(field), ...marked(terms[match], field)] }))
      .filter((tier) => tier.keys.length > 0);
  });
}

/**
 * The search as SQL, or null when a word meets nothing (no product can match). A product must meet every word; its
 * relevance adds each word's best score (contract/search.ts wordScore): exact word > word start > typo, then
 * name > tags > category > description.
 */
export function searchPlan(words: readonly WordTerms[]): SearchPlan | null {
  const tiersByWord = words.map(tiersOf);
  if (tiersByWord.length === 0 || tiersByWord.some((tiers) => tiers.length === 0)) return null;
  const conditions = tiersByWord.map((tiers) => meetsKeys(tiers.flatMap((tier) => tier.keys)));
  const scores = tiersByWord.map((tiers) => {
    const cases = tiers.map((tier) => sql`when ${meetsKeys(tier.keys)} then ${sql.raw(String(tier.score))}`);
    return sql`(case ${sql.join(cases, sql` `)} else 0 end)`;
  });
  return { where: sql.join(conditions, sql` and `), relevance: sql.join(scores, sql` + `), tiers: tiersByWord.length === 1 ? tiersByWord[0]! : null };
}

/** How far a word may be from the term a query that matched nothing is corrected to: one typo more than it allows. */
const correctionDistance = (word: QueryWord) => Math.min(word.typos + 1, 2);

/** Products counted per candidate term at most when choosing among equally near terms. */
const COUNTED_PRODUCTS = 500;
/** The nearest terms compared at most. */
const NEAREST_TERMS = 10;

/**
 * The term nearest a word within its correction distance: the fewest edits, then the one more published products carry
 * (in their names, tags or categories), then one that starts alike; null when none is that near. A term no published
 * product carries is never the answer (the terms are kept so; this holds while a write is under way too).
 */
async function nearestTerm(db: Db, word: QueryWord): Promise<string | null> {
  const limit = correctionDistance(word);
  const variants = [...new Set(word.typed.flatMap((key) => deletionVariants(key, limit)))];
  if (variants.length === 0) return null;
  const rows = (await db.execute(
    sql`select distinct term from search_term_variants where variant = any(${textArray(variants)}) limit ${TYPO_TERMS * 10}`,
  )) as unknown as { rows: { term: string }[] };
  const near = rows.rows
    .map(({ term }) => ({ term, distance: Math.min(...word.typed.map((key) => editDistance(key, term, limit))) }))
    .filter((candidate) => candidate.distance <= limit);
  if (near.length === 0) return null;
  near.sort((a, b) => a.distance - b.distance || (a.term < b.term ? -1 : 1));
  const distance = new Map(near.map((candidate) => [candidate.term, candidate.distance]));
  const nearest = near.slice(0, NEAREST_TERMS).map((candidate) => candidate.term);
  const counted = (await db.execute(
    sql`select t.term, (select count(*) from (select 1 from ${products} p where p.status = 'published' and p.search_keys && ${termKeysOf(sql`t.term`)}
      limit ${COUNTED_PRODUCTS}) m)::int as n from unnest(${textArray(nearest)}) as t(term)`,
  )) as unknown as { rows: { term: string; n: number }[] };
  const alike = (term: string) => word.typed.some((key) => key[0] === term[0]);
  const ranked = counted.rows
    .filter((row) => row.n > 0)
    .sort((a, b) => distance.get(a.term)! - distance.get(b.term)! || b.n - a.n || Number(alike(b.term)) - Number(alike(a.term)) || (a.term < b.term ? -1 : 1));
  return ranked[0]?.term ?? null;
}

/**
 * A word of a product's name, tags or category whose key is `term`, as the shop writes it (in the script of the word
 * typed when it has one); the term when none is.
 */
async function shopSpelling(db: Db, term: string, typed: string): Promise<string> {
  const marks = TERM_FIELDS.map((field) => wordKey(field, term));
  const rows = (await db.execute(
    sql`select p.name, p.name_bn, array_to_string(p.tags, ' ') as tags, c.name as category, c.name_bn as category_bn
      from products p join categories c on c.id = p.category_id where p.status = 'published' and p.search_keys && ${textArray(marks)} limit 1`,
  )) as unknown as { rows: { name: string; name_bn: string | null; tags: string; category: string; category_bn: string | null }[] };
  const row = rows.rows[0];
  if (!row) return term;
  const words = wordsOf([row.name, row.name_bn, row.tags, row.category, row.category_bn].filter((text) => text !== null).join(' '));
  const spellings = words.filter((word) => keysOfWord(word).includes(term));
  const bangla = (word: string) => BANGLA_LETTER.test(word);
  return spellings.find((word) => bangla(word) === bangla(typed)) ?? spellings[0] ?? term;
}

const BANGLA_LETTER = /[\u0980-\u09ff]/;

/** Queries tried when a search matches nothing, at most. */
const MAX_CORRECTIONS = 4;

/**
 * The queries, closest first, that a search matching nothing may have meant: each word that meets no product replaced
 * by the nearest term the shop has (a word with none dropped), then that query with one word dropped, from the last.
 * `meetEach` tells, in one go, which of the words on its own meets a product.
 */
export async function corrections(db: Db, words: readonly WordTerms[], meetEach: (words: readonly WordTerms[]) => Promise<boolean[]>): Promise<string[]> {
  if (words.length === 0) return [];
  const met = await meetEach(words);
  const corrected: string[] = [];
  for (const [index, word] of words.entries()) {
    if (met[index]) corrected.push(word.word.word);
    else {
      const term = await nearestTerm(db, word.word);
      if (term !== null) corrected.push(await shopSpelling(db, term, word.word.word));
    }
  }
  if (corrected.length === 0) return [];
  const candidates = [corrected.join(' ')];
  for (let drop = corrected.length - 1; drop >= 0 && corrected.length > 1; drop -= 1) {
    candidates.push(corrected.filter((_, index) => index !== drop).join(' '));
  }
  const typed = words.map((word) => word.word.word).join(' ');
  return [...new Set(candidates)].filter((candidate) => candidate !== typed).slice(0, MAX_CORRECTIONS);
}
