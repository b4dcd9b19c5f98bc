import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { runPattern, TEXT_FACE, WEBFONT_WEIGHTS, type WebfontWeight } from '../../../contract/webfont';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { moduleBeside, workerPool } from '../../lib/worker-pool';
import type { Cut } from './glyphs';

/** A cut the worker makes: the shop's words at one weight. */
export type WebfontJob = { weight: WebfontWeight; words: string[] };
export type ShopFace = { woff2: Buffer; etag: string; cut: Cut };

/** Distinct Bangla words read for a cut; past them a shop has more syllables than a cut is worth (MAX_SYLLABLES). */
const MAX_WORDS = 50_000;
/** A cut of 6,000 syllables takes about 3 s of one core; a worker busier than this is stuck. */
const CUT_TIMEOUT_MS = 120_000;
const RETRY_AFTER_SECONDS = 5;
/** Cut into every face, so a shop with no Bangla yet still serves a font browsers accept (one that maps a character). */
const DANDA = '।';

/**
 * Every distinct Bangla word a shopper can read in the shop: product names, descriptions, units, tags and questions,
 * the categories, the reviews and their authors' names.
 */
export async function shopWords(db: Db): Promise<string[]> {
  const pattern = runPattern(TEXT_FACE);
  const { rows } = (await db.execute(sql`
    select distinct word from (
      select (regexp_matches(t, ${pattern}, 'g'))[1] as word from (
        select name as t from products
        union all select description from products
        union all select unit from products
        union all select array_to_string(tags, ' ') from products
        union all select faqs::text from products
        union all select name from categories
        union all select name from sub_categories
        union all select name from sub_sub_categories
        union all select text from reviews
        union all select name from users where exists (select 1 from reviews where reviews.user_id = users.id)
      ) texts
      where t ~ ${pattern}
    ) words
    order by word
    limit ${MAX_WORDS}`)) as unknown as { rows: { word: string }[] };
  return rows.map(({ word }) => word);
}

export type ShopWebfont = {
  /** The shop's face at `weight`: the latest cut, or the first one once made. */
  face(weight: WebfontWeight): Promise<ShopFace>;
  /** The shop's text may have changed: the next request looks (at most every `recheckMs`) and cuts again if it did. */
  textChanged(): void;
  close(): Promise<void>;
};

/**
 * The shop's Bangla face, cut in a worker thread for the words the shop shows and cut again when they change. Until a
 * new cut is ready the last one is served; a word it lacks still draws, letter by letter, from the device's fonts.
 */
export function shopWebfont({ db, recheckMs, onError }: { db: Db; recheckMs: number; onError: (error: unknown) => void }): ShopWebfont {
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

  async function cut(): Promise<void> {
    const words = [DANDA, ...(await shopWords(db))];
    const fingerprint = createHash('sha256').update(words.join('\n')).digest('base64url');
    if (fingerprint === wordsCut) return;
    const cuts = await Promise.all(WEBFONT_WEIGHTS.map((weight) => pool.run({ weight, words })));
    faces = new Map(
      cuts.map(({ woff2, cut }, i) => {
        const bytes = Buffer.from(woff2);
        return [WEBFONT_WEIGHTS[i]!, { woff2: bytes, cut, etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"` }];
      }),
    );
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
    close: () => pool.close(),
  };
}
