import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { runPattern, TEXT_FACE, WEBFONT_WEIGHTS, type WebfontWeight } from '../../../contract/webfont';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { moduleBeside, workerPool } from '../../lib/worker-pool';
import type { Cut } from './glyphs';

/** A cut the worker makes: the shop's words at one weight, or (`whole`) every character of the Bengali block. */
export type WebfontJob = { weight: WebfontWeight; words: string[]; whole: boolean };
export type ShopFace = { woff2: Buffer; etag: string; cut: Cut };

/** Distinct Bangla words a cut is made for; past them a shop has more syllables than a cut is worth (MAX_SYLLABLES). */
const MAX_WORDS = 50_000;
/**
 * Distinct words one author (a seller for their products' texts, a customer for their reviews and name) may add to
 * the cut: more than a real catalogue's Bangla, so one account cannot crowd out the others' words.
 */
export const WORDS_PER_AUTHOR = 3_000;
/** Longer than any real Bangla word; a longer run is not a word, and shaping it would cost the cut dear. */
export const MAX_WORD_LENGTH = 40;
/** A cut of 6,000 syllables takes about 3 s of one core; a worker busier than this is stuck. */
const CUT_TIMEOUT_MS = 120_000;
const RETRY_AFTER_SECONDS = 5;
/** Cut into every face, so a shop with no Bangla yet still serves a font browsers accept (one that maps a character). */
const DANDA = '।';

/**
 * The distinct Bangla words a shopper can read in the shop, most needed first: the categories' names (the admin's),
 * then the names of products in stock, then their other texts (descriptions, units, tags, questions), the names of
 * products out of stock, the reviews and their authors' names. Each author's words count against WORDS_PER_AUTHOR
 * (their products' names in stock first, then the words they use most), so a seller writing tens of thousands of
 * cheap words pushes out only their own; a run longer than MAX_WORD_LENGTH is no word and is skipped.
 */
export async function shopWords(db: Db): Promise<string[]> {
  const pattern = runPattern(TEXT_FACE);
  const { rows } = (await db.execute(sql`
    with texts as (
      select name as t, null::text as author, 0 as kind from categories
      union all select name, null, 0 from sub_categories
      union all select name, null, 0 from sub_sub_categories
      union all select name, coalesce(owner_id, ''), 1 from products where remaining > 0
      union all select description, coalesce(owner_id, ''), 2 from products
      union all select unit, coalesce(owner_id, ''), 2 from products
      union all select array_to_string(tags, ' '), coalesce(owner_id, ''), 2 from products
      union all select faqs::text, coalesce(owner_id, ''), 2 from products
      union all select name, coalesce(owner_id, ''), 2 from products where remaining <= 0
      union all select text, user_id, 2 from reviews
      union all select name, id, 2 from users where exists (select 1 from reviews where reviews.user_id = users.id)
    ),
    uses as (
      select word, author, kind from (select (regexp_matches(t, ${pattern}, 'g'))[1] as word, author, kind from texts where t ~ ${pattern}) found
      where char_length(word) <= ${MAX_WORD_LENGTH}
    ),
    authored as (
      select word, kind, row_number() over (partition by author order by kind, uses desc, word) as rank
      from (select word, author, min(kind) as kind, count(*) as uses from uses where author is not null group by word, author) per_author
    ),
    ranked as (
      select word, 0 as kind, 0::bigint as rank from uses where author is null
      union all select word, kind, rank from authored where rank <= ${WORDS_PER_AUTHOR}
    )
    select word from ranked
    group by word
    order by min(kind), min(rank), word
    limit ${MAX_WORDS}`)) as unknown as { rows: { word: string }[] };
  return rows.map(({ word }) => word);
}

export type ShopWebfont = {
  /** The shop's face at `weight`: the latest cut, or the first one once made. */
  face(weight: WebfontWeight): Promise<ShopFace>;
  /** The shop's text may have changed: the next request looks (at most every `recheckMs`) and cuts again if it did. */
  textChanged(): void;
  /** Settles when no look or cut is under way. */
  idle(): Promise<void>;
  close(): Promise<void>;
};

/**
 * The shop's Bangla face, cut in a worker thread for the words the shop shows (`shopWords`; the Bangla interface draws
 * with the whole Bengali block, so its words are not in the cut) and cut again when they change. Until a new cut is ready the last one is served; a word it lacks
 * still draws, letter by letter, from the device's fonts. A cut that fails or takes longer than `cutTimeoutMs` leaves
 * the whole Bengali block served instead, and is not tried again until the words change.
 */
export function shopWebfont({
  db,
  recheckMs,
  cutTimeoutMs = CUT_TIMEOUT_MS,
  onError,
}: {
  db: Db;
  recheckMs: number;
  cutTimeoutMs?: number;
  onError: (error: unknown) => void;
}): ShopWebfont {
  const pool = workerPool<WebfontJob, { woff2: Uint8Array; cut: Cut }>({
    script: moduleBeside('worker', import.meta.url),
    size: 1,
    maxWaiting: WEBFONT_WEIGHTS.length,
    timeoutMs: CUT_TIMEOUT_MS,
  });
  let faces: Map<WebfontWeight, ShopFace> | null = null;
  let wordsCut: string | null = null;
  let stale = true;
  let lastLook = 0;
  let looking: Promise<void> | null = null;

  const cutAll = async (words: string[], whole: boolean, timeoutMs: number) => {
    const cuts = await Promise.all(WEBFONT_WEIGHTS.map((weight) => pool.run({ weight, words, whole }, timeoutMs)));
    return new Map(
      cuts.map(({ woff2, cut }, i) => {
        const bytes = Buffer.from(woff2);
        return [WEBFONT_WEIGHTS[i]!, { woff2: bytes, cut, etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"` }];
      }),
    );
  };

  async function cut(): Promise<void> {
    const words = [DANDA, ...(await shopWords(db)).filter((word) => word !== DANDA)].slice(0, MAX_WORDS);
    const fingerprint = createHash('sha256').update(words.join('\n')).digest('base64url');
    if (fingerprint === wordsCut) return;
    try {
      faces = await cutAll(words, false, cutTimeoutMs);
    } catch (error) {
      onError(error);
      // The whole block draws every word; these words are not cut again until they change.
      faces = await cutAll([], true, CUT_TIMEOUT_MS);
    }
    wordsCut = fingerprint;
  }

  function look(): Promise<void> | null {
    if (stale && !looking && Date.now() - lastLook >= recheckMs) {
      stale = false;
      lastLook = Date.now();
      looking = cut()
        .catch((error: unknown) => {
          stale = true;
          onError(error);
        })
        .finally(() => {
          looking = null;
        });
    }
    return looking;
  }

  return {
    async face(weight) {
      const pending = look();
      if (!faces && pending) await pending;
      const face = faces?.get(weight);
      if (!face) throw new HttpError(503, 'The Bangla font is not ready yet. Please try again.', undefined, RETRY_AFTER_SECONDS);
      return face;
    },
    textChanged() {
      stale = true;
    },
    idle: async () => {
      await looking;
    },
    close: () => pool.close(),
  };
}
