/**
 * How a search reads words, on the server and in the browser's offline search alike: Bangla is written out in Latin
 * letters the way Avro phonetic spells it, every word becomes a search key, and a key matches another exactly, at
 * its start, or within the typos its length allows. No zod and no imports: the storefront loads it only with a search.
 */

/* ---------- Bangla to Latin ---------- */

const INDEPENDENT_VOWELS: Record<string, string> = {
  অ: 'o',
  আ: 'a',
  ই: 'i',
  ঈ: 'i',
  উ: 'u',
  ঊ: 'u',
  ঋ: 'ri',
  এ: 'e',
  ঐ: 'oi',
  ও: 'o',
  ঔ: 'ou',
};
const VOWEL_SIGNS: Record<string, string> = {
  'া': 'a',
  'ি': 'i',
  'ী': 'i',
  'ু': 'u',
  'ূ': 'u',
  'ৃ': 'ri',
  'ে': 'e',
  'ৈ': 'oi',
  'ো': 'o',
  'ৌ': 'ou',
  'ৗ': 'ou',
};
const CONSONANTS: Record<string, string> = {
  ক: 'k',
  খ: 'kh',
  গ: 'g',
  ঘ: 'gh',
  ঙ: 'ng',
  চ: 'ch',
  ছ: 'chh',
  জ: 'j',
  ঝ: 'jh',
  ঞ: 'n',
  ট: 't',
  ঠ: 'th',
  ড: 'd',
  ঢ: 'dh',
  ণ: 'n',
  ত: 't',
  থ: 'th',
  দ: 'd',
  ধ: 'dh',
  ন: 'n',
  প: 'p',
  ফ: 'ph',
  ব: 'b',
  ভ: 'bh',
  ম: 'm',
  য: 'j',
  র: 'r',
  ল: 'l',
  শ: 'sh',
  ষ: 'sh',
  স: 's',
  হ: 'h',
  ড়: 'r',
  ঢ়: 'rh',
  য়: 'y',
};
const SIGNS: Record<string, string> = { 'ং': 'ng', 'ঃ': 'h', 'ঁ': 'n', ৎ: 't' };
const HASANT = '্';
const NUKTA = '়';
const WITH_NUKTA: Record<string, string> = { ড: 'ড়', ঢ: 'ঢ়', য: 'য়' };
const BANGLA_DIGITS = '০১২৩৪৫৬৭৮৯';
const BANGLA = /[\u0980-\u09ff]/;

/** A written sound: a consonant with its vowel, which is the inherent one (`null`) when no sign follows. */
type Unit = { latin: string; consonant: boolean; vowel: string | null; inherent: boolean; afterHasant: boolean };

function units(word: string): Unit[] {
  const chars = [...word.normalize('NFC')];
  const out: Unit[] = [];
  let afterHasant = false;
  for (let i = 0; i < chars.length; i += 1) {
    let char = chars[i]!;
    const withNukta = chars[i + 1] === NUKTA ? WITH_NUKTA[char] : undefined;
    if (withNukta !== undefined) {
      char = withNukta;
      i += 1;
    }
    const consonant = CONSONANTS[char];
    if (consonant !== undefined) {
      // After a hasant, য is the y-phola (ব্যাগ, byag).
      const latin = afterHasant && char === 'য' ? 'y' : consonant;
      const next = chars[i + 1];
      const sign = next === undefined ? undefined : VOWEL_SIGNS[next];
      if (sign !== undefined) {
        out.push({ latin, consonant: true, vowel: sign, inherent: false, afterHasant });
        i += 1;
        afterHasant = false;
      } else if (next === HASANT) {
        out.push({ latin, consonant: true, vowel: '', inherent: false, afterHasant });
        i += 1;
        afterHasant = true;
      } else {
        out.push({ latin, consonant: true, vowel: null, inherent: true, afterHasant });
        afterHasant = false;
      }
      continue;
    }
    afterHasant = false;
    const vowel = INDEPENDENT_VOWELS[char] ?? VOWEL_SIGNS[char];
    const sign = SIGNS[char];
    if (vowel !== undefined) out.push({ latin: '', consonant: false, vowel, inherent: false, afterHasant: false });
    else if (sign !== undefined) out.push({ latin: sign, consonant: false, vowel: '', inherent: false, afterHasant: false });
    else {
      const digit = BANGLA_DIGITS.indexOf(char);
      if (digit >= 0) out.push({ latin: String(digit), consonant: false, vowel: '', inherent: false, afterHasant: false });
      else if (!BANGLA.test(char)) out.push({ latin: char, consonant: false, vowel: '', inherent: false, afterHasant: false });
    }
  }
  return out;
}

/** The consonants that close a conjunct as a phola (চন্দ্র, বাক্য, পদ্ম) keep a final vowel; others lose it (প্যান্ট). */
const PHOLA = new Set(['r', 'y', 'b', 'm', 'l']);

/**
 * Whether a consonant's inherent vowel is spoken. Bangla drops it at the end of a word (পথের, pother) unless the
 * consonant closes a conjunct as a phola (চন্দ্র, chondro), and between a vowel and a consonant that has its own vowel
 * (মুরগি, murgi; দেবদাস, debdas); the first consonant of a word keeps it.
 */
function inherentSpoken(list: Unit[], index: number): boolean {
  if (index === 0) return true;
  const unit = list[index]!;
  const next = list[index + 1];
  if (next === undefined || !next.consonant) return next !== undefined || (unit.afterHasant && PHOLA.has(unit.latin));
  const prev = list[index - 1]!;
  const afterVowel = prev.vowel !== '' && (prev.vowel !== null || inherentSpoken(list, index - 1));
  const nextFinalBare = next.inherent && index + 2 === list.length;
  return !(afterVowel && !nextFinalBare && next.vowel !== '');
}

/**
 * Bangla written in Latin letters as Avro phonetic spells it: পথের পাঁচালী → "pother panchali" with `inherent` 'o'
 * (the default), "pather panchali" with 'a', as many shoppers write it. Latin text is left as it is.
 */
export function toLatin(text: string, inherent: 'o' | 'a' = 'o'): string {
  return text.replace(/[\u0980-\u09ff]+/g, (word) => {
    const list = units(word);
    return list.map((unit, index) => unit.latin + (unit.inherent ? (inherentSpoken(list, index) ? inherent : '') : (unit.vowel ?? ''))).join('');
  });
}

/* ---------- search keys ---------- */

/** The words of a text: letters (with Bangla's marks) and digits, in order. */
export function wordsOf(text: string): string[] {
  return (
    text
      .normalize('NFC')
      .toLowerCase()
      .match(/[\p{L}\p{M}\p{N}]+/gu) ?? []
  );
}

/**
 * A Latin word as a key: accents dropped, the spellings that sound alike made one (ee and i, oo and u, ea and e), the
 * letters a Bangladeshi typist writes for one Bangla sound made one (ph and f for ফ, bh and v for ভ, z and j for জ,
 * q and k for ক) and doubled letters made single (chaal, chal; machh, mach), so Banglish spelt either way meets the
 * same key.
 */
function latinKey(latin: string): string {
  return latin
    .normalize('NFKD')
    .replace(/[^a-z0-9]/g, '')
    .replace(/ee/g, 'i')
    .replace(/oo/g, 'u')
    .replace(/ea/g, 'e')
    .replace(/ph/g, 'f')
    .replace(/bh/g, 'v')
    .replace(/z/g, 'j')
    .replace(/q/g, 'k')
    .replace(/(.)\1+/g, '$1');
}

/** A word's search keys: one for a Latin word, for a Bangla word one with each way of writing its inherent vowel. */
export function keysOfWord(word: string): string[] {
  if (!BANGLA.test(word)) {
    const key = latinKey(word.toLowerCase());
    return key ? [key] : [];
  }
  const keys = new Set([latinKey(toLatin(word, 'o')), latinKey(toLatin(word, 'a'))]);
  keys.delete('');
  return [...keys];
}

/** Every key of a text's words, each once. */
export function searchKeys(text: string): string[] {
  return [...new Set(wordsOf(text).flatMap(keysOfWord))];
}

/* ---------- typos ---------- */

/** The typos a typed word may carry: one from 4 letters, two from 8, counted in Latin letters. */
export function typosAllowed(word: string): number {
  const letters = (BANGLA.test(word) ? toLatin(word) : word).length;
  return letters >= 8 ? 2 : letters >= 4 ? 1 : 0;
}

/**
 * The number of edits between two keys — a letter added, dropped, changed, or two neighbours swapped — or `limit + 1`
 * once it is beyond `limit`.
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return Math.min(previous[b.length]!, limit + 1);
}

/**
 * The key with up to `count` letters left out, itself included. Two keys within `count` edits share one of these, so
 * the server finds typo candidates by equality on an index and checks each with editDistance.
 */
export function deletionVariants(key: string, count: number): string[] {
  const found = new Set([key]);
  let frontier = [key];
  for (let round = 0; round < count; round += 1) {
    const next: string[] = [];
    for (const word of frontier) {
      for (let i = 0; i < word.length; i += 1) {
        const shorter = word.slice(0, i) + word.slice(i + 1);
        if (shorter && !found.has(shorter)) {
          found.add(shorter);
          next.push(shorter);
        }
      }
    }
    frontier = next;
  }
  return [...found];
}

/** Deletion variants a term of the index keeps: enough for any typed word its length could meet within its typos. */
export const termVariantDepth = (term: string) => (term.length >= 6 ? 2 : term.length >= 3 ? 1 : 0);

/* ---------- matching and relevance ---------- */

/** How a typed word meets a key: the same word, its start, or within its typos (best first). */
export type WordMatch = 'exact' | 'start' | 'typo';

/** One typed word: the keys that count as the same word (its spellings and the shop words it stands for). */
/**
 * A typed word: `keys` are what it meets exactly (its own keys and its shop words'), `typed` only its own, the ones a
 * word's start or a typo is counted from; a shop word is a dictionary word, so a typo of it is another word.
 */
export type QueryWord = { word: string; keys: string[]; typed: string[]; typos: number; last: boolean };

/** A query as words; only the last one may be a word's start, the word still being typed. */
export function queryWords(query: string, synonyms: (keys: string[]) => string[] = () => []): QueryWord[] {
  const words = wordsOf(query).slice(0, MAX_QUERY_WORDS);
  return words.map((word, index) => {
    const keys = keysOfWord(word);
    return { word, keys: [...new Set([...keys, ...synonyms(keys)])], typed: keys, typos: typosAllowed(word), last: index === words.length - 1 };
  });
}

/** Words of a query looked at; the rest are ignored, so a pasted paragraph costs what eight words cost. */
export const MAX_QUERY_WORDS = 8;

/** The best way a typed word meets any of `terms`, or null. */
export function matchWord(query: QueryWord, terms: readonly string[]): WordMatch | null {
  let best: WordMatch | null = null;
  for (const term of terms) {
    if (query.keys.includes(term)) return 'exact';
    for (const key of query.typed) {
      if (query.last && key.length >= 2 && term.startsWith(key)) best = 'start';
      else if (best === null && query.typos > 0 && editDistance(key, term, query.typos) <= query.typos) best = 'typo';
    }
  }
  return best;
}

/** The fields a product is found by, most telling first: a word in the name counts more than one in the description. */
export const SEARCH_FIELDS = ['name', 'tags', 'category', 'description'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

const MATCH_ORDER: readonly WordMatch[] = ['exact', 'start', 'typo'];

/**
 * A word's score: exact word > word start > typo, then name > tags > category > description. A query's relevance is
 * the sum over its words; a product that misses a word is no match (0).
 */
export function wordScore(match: WordMatch, field: SearchField): number {
  return (MATCH_ORDER.length - MATCH_ORDER.indexOf(match)) * 10 + (SEARCH_FIELDS.length - SEARCH_FIELDS.indexOf(field));
}

/** A product's relevance to a query from its fields' keys: 0 when a word is found in none. */
export function relevance(words: readonly QueryWord[], fields: Readonly<Record<SearchField, readonly string[]>>): number {
  let total = 0;
  for (const word of words) {
    let best = 0;
    for (const field of SEARCH_FIELDS) {
      // Descriptions are long: only their whole words count.
      const match = matchWord(field === 'description' ? { ...word, last: false, typos: 0 } : word, fields[field]);
      if (match) best = Math.max(best, wordScore(match, field));
    }
    if (best === 0) return 0;
    total += best;
  }
  return total;
}
