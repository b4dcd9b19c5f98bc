import { sql, type SQL } from 'drizzle-orm';
import { deletionVariants, editDistance, keysOfWord, queryWords, wordScore, wordsOf, MAX_QUERY_WORDS, type QueryWord, type SearchField, type WordMatch } from '../../../contract/search';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';
import { FIELD_MARK, TERM_FIELDS } from './product-keys';
import { synonymsOf } from './shop-words';

/** Terms a word's start stands for at most: a one-letter start is the first of them, not every word in the shop. */
const START_TERMS = 60;
/** Terms a typed word's typos stand for at most. */
const TYPO_TERMS = 40;

/** A typed word with the terms it stands for, by how it meets them. */
export type WordTerms = { word: QueryWord; terms: Record<WordMatch, string[]> };

/** A search as SQL: the products every word meets, and their relevance. */
export type SearchPlan = { where: SQL; relevance: SQL };

const textArray = (values: readonly string[]) =>
  values.length === 0 ? sql`'{}'::text[]` : sql`string_to_array(${values.join(' ')}, ' ')`;

async function startTerms(db: Db, word: QueryWord): Promise<string[]> {
  if (!word.last) return [];
  const found = await Promise.all(
    word.typed.map(async (key) => {
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

/** The words of a query with the terms each stands for: itself and its shop words, the words it starts, its typos. */
export async function wordTerms(db: Db, query: string): Promise<WordTerms[]> {
  const typedKeys = wordsOf(query).slice(0, MAX_QUERY_WORDS).flatMap(keysOfWord);
  const synonyms = await synonymsOf(db, typedKeys);
  const words = queryWords(query, (keys) => keys.flatMap((key) => synonyms.get(key) ?? []));
  return Promise.all(
    words.map(async (word) => {
      const [start, typo] = await Promise.all([startTerms(db, word), typoTerms(db, word)]);
      return { word, terms: { exact: word.keys, start: start.filter((t) => !word.keys.includes(t)), typo: typo.filter((t) => !start.includes(t)) } };
    }),
  );
}

/** Only a name, tags and a category are met by a word's start or a typo; a description by its whole words. */
const fieldsFor = (match: WordMatch): readonly SearchField[] => (match === 'exact' ? [...TERM_FIELDS, 'description'] : TERM_FIELDS);

const marked = (terms: readonly string[], field: SearchField) => terms.map((term) => `${FIELD_MARK[field]}:${term}`);

/**
 * The search as SQL, or null when a word meets nothing (no product can match). A product must meet every word; its
 * relevance adds each word's best score (contract/search.ts wordScore): exact word > word start > typo, then
 * name > tags > category > description.
 */
export function searchPlan(words: readonly WordTerms[]): SearchPlan | null {
  if (words.length === 0) return null;
  const conditions: SQL[] = [];
  const scores: SQL[] = [];
  for (const { terms } of words) {
    const all = (['exact', 'start', 'typo'] as const).flatMap((match) => fieldsFor(match).flatMap((field) => marked(terms[match], field)));
    if (all.length === 0) return null;
    conditions.push(sql`${products.searchKeys} && ${textArray(all)}`);
    const cases = (['exact', 'start', 'typo'] as const).flatMap((match) =>
      terms[match].length === 0
        ? []
        : fieldsFor(match).map((field) => sql`when ${products.searchKeys} && ${textArray(marked(terms[match], field))} then ${sql.raw(String(wordScore(match, field)))}`),
    );
    scores.push(sql`(case ${sql.join(cases, sql` `)} else 0 end)`);
  }
  return { where: sql.join(conditions, sql` and `), relevance: sql.join(scores, sql` + `) };
}

