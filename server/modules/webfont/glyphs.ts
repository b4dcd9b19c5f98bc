import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as hb from 'harfbuzzjs';
import compressWoff2 from 'wawoff2/compress.js';

/**
 * Cuts a font down to the glyphs a known set of words needs, keeping every glyph the shaper passes through on the way
 * (a half form on its way to a conjunct, a reph before it moves) and only the substitution features that changed
 * something. A closure over the words' characters would keep every conjunct those letters can form: nearly the whole
 * Bengali font (about 40 KB) for any shop with a few dozen Bangla words; the words' own glyphs are a fifth of that.
 * The result is checked by shaping every word with it and with the whole font: the two must agree glyph for glyph
 * and position for position.
 */

const require = createRequire(import.meta.url);

/** hb_subset_input_set: the layout features kept. */
const SETS_LAYOUT_FEATURE_TAG = 6;
/** hb_subset flags: keep only the glyphs asked for (no closure over substitutions); keep glyph ids as they were. */
const FLAGS_RETAIN_GIDS = 0x2;
const FLAGS_NO_LAYOUT_CLOSURE = 0x200;
/** hb_blob_create's mode: HarfBuzz may write to the bytes it was given. */
const MEMORY_MODE_WRITABLE = 2;

type SubsetExports = {
  memory: WebAssembly.Memory;
  _initialize(): void;
  malloc(size: number): number;
  free(pointer: number): void;
  hb_blob_create(data: number, length: number, mode: number, userData: number, destroy: number): number;
  hb_blob_destroy(blob: number): void;
  hb_blob_get_data(blob: number, length: number): number;
  hb_blob_get_length(blob: number): number;
  hb_face_create(blob: number, index: number): number;
  hb_face_destroy(face: number): void;
  hb_face_reference_blob(face: number): number;
  hb_set_add(set: number, value: number): void;
  hb_set_clear(set: number): void;
  hb_set_invert(set: number): void;
  hb_subset_input_create_or_fail(): number;
  hb_subset_input_destroy(input: number): void;
  hb_subset_input_unicode_set(input: number): number;
  hb_subset_input_glyph_set(input: number): number;
  hb_subset_input_set(input: number, which: number): number;
  hb_subset_input_get_flags(input: number): number;
  hb_subset_input_set_flags(input: number, flags: number): void;
  hb_subset_or_fail(face: number, input: number): number;
};

let subsetter: SubsetExports | undefined;

function harfbuzzSubset(): SubsetExports {
  if (!subsetter) {
    const module = new WebAssembly.Module(readFileSync(require.resolve('harfbuzzjs/dist/harfbuzz-subset.wasm')));
    subsetter = new WebAssembly.Instance(module, {}).exports as unknown as SubsetExports;
    subsetter._initialize();
  }
  return subsetter;
}

const tag = (name: string) => [...name].reduce((value, char) => ((value << 8) | char.charCodeAt(0)) >>> 0, 0);

/** What shaping words with a font touches: every glyph on the way, and the substitution features that acted. */
type ShapingNeeds = { glyphs: Set<number>; substitutions: Set<string>; codePoints: Set<number> };

type Shaped = { glyphs: number[]; clusters: number[]; positions: string[] };

function shaper(sfnt: Uint8Array) {
  const font = new hb.Font(new hb.Face(new hb.Blob(sfnt)));
  const buffer = new hb.Buffer();
  const shape = (word: string): Shaped => {
    buffer.clearContents();
    buffer.addText(word);
    buffer.guessSegmentProperties();
    hb.shape(font, buffer);
    const infos = buffer.getGlyphInfos();
    return {
      glyphs: infos.map((info) => info.codepoint),
      clusters: infos.map((info) => info.cluster),
      positions: buffer.getGlyphPositions().map((p) => `${p.xAdvance} ${p.yAdvance} ${p.xOffset} ${p.yOffset}`),
    };
  };
  return { font, buffer, shape };
}

/** The syllables of a word as the shaper groups them (one cluster each), from the clusters' starts. */
function syllables(word: string, { clusters }: Shaped): string[] {
  const starts = [...new Set(clusters)].sort((a, b) => a - b);
  return starts.map((start, i) => word.slice(start, starts[i + 1]));
}

/** Lets the finalizers of HarfBuzz's per-message wrappers run now and then during a long, synchronous shaping run. */
const YIELD_EVERY = 200;
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Shapes each text, watching every step: the glyphs it passes through and the features whose lookups changed it. */
async function shapingNeeds(
  sfnt: Uint8Array,
  texts: Iterable<string>,
  needs: ShapingNeeds = { glyphs: new Set([0]), substitutions: new Set(), codePoints: new Set() },
): Promise<ShapingNeeds> {
  const { buffer, shape } = shaper(sfnt);
  let before = '';
  buffer.setMessageFunc((_wrapper, _font, message) => {
    if (!message.startsWith('start lookup') && !message.startsWith('end ')) return true;
    if (buffer.getContentType() !== hb.BufferContentType.GLYPHS) return true;
    const glyphs = buffer.getGlyphInfos().map((info) => info.codepoint);
    for (const glyph of glyphs) needs.glyphs.add(glyph);
    const lookup = /^(start|end) lookup \d+ feature '(.{4})'/.exec(message);
    if (lookup?.[1] === 'start') before = glyphs.join();
    else if (lookup && glyphs.join() !== before) needs.substitutions.add(lookup[2]!);
    return true;
  });
  let shaped = 0;
  for (const text of texts) {
    for (const char of text) needs.codePoints.add(char.codePointAt(0)!);
    for (const glyph of shape(text).glyphs) needs.glyphs.add(glyph);
    shaped += 1;
    if (shaped % YIELD_EVERY === 0) await turn();
  }
  return needs;
}

type SubsetOptions = {
  /** The layout features kept; null: all. */
  features: Iterable<string> | null;
  /** Also every glyph the kept characters can be substituted into. */
  closure?: boolean;
  /** Glyphs keep their ids (the ones dropped left empty), so shaping with the cut compares with the whole font. */
  retainGids?: boolean;
};

/** The font cut to `needs`: its glyphs and the characters mapped to them. */
function subset(sfnt: Uint8Array, needs: ShapingNeeds, { features, closure = false, retainGids = false }: SubsetOptions): Uint8Array {
  const wasm = harfbuzzSubset();
  const heap = () => new Uint8Array(wasm.memory.buffer);
  const input = wasm.hb_subset_input_create_or_fail();
  if (!input) throw new Error('HarfBuzz could not start a subset');
  const data = wasm.malloc(sfnt.byteLength);
  heap().set(sfnt, data);
  const blob = wasm.hb_blob_create(data, sfnt.byteLength, MEMORY_MODE_WRITABLE, 0, 0);
  const face = wasm.hb_face_create(blob, 0);
  wasm.hb_blob_destroy(blob);
  try {
    const kept = wasm.hb_subset_input_set(input, SETS_LAYOUT_FEATURE_TAG);
    wasm.hb_set_clear(kept);
    if (features === null) wasm.hb_set_invert(kept);
    else for (const feature of features) wasm.hb_set_add(kept, tag(feature));
    wasm.hb_subset_input_set_flags(
      input,
      wasm.hb_subset_input_get_flags(input) | (closure ? 0 : FLAGS_NO_LAYOUT_CLOSURE) | (retainGids ? FLAGS_RETAIN_GIDS : 0),
    );
    const unicodes = wasm.hb_subset_input_unicode_set(input);
    for (const point of needs.codePoints) wasm.hb_set_add(unicodes, point);
    const glyphs = wasm.hb_subset_input_glyph_set(input);
    for (const glyph of needs.glyphs) wasm.hb_set_add(glyphs, glyph);
    const result = wasm.hb_subset_or_fail(face, input);
    if (!result) throw new Error('HarfBuzz could not cut the font');
    const resultBlob = wasm.hb_face_reference_blob(result);
    const start = wasm.hb_blob_get_data(resultBlob, 0);
    const bytes = heap().slice(start, start + wasm.hb_blob_get_length(resultBlob));
    wasm.hb_blob_destroy(resultBlob);
    wasm.hb_face_destroy(result);
    return bytes;
  } finally {
    wasm.hb_face_destroy(face);
    wasm.hb_subset_input_destroy(input);
    wasm.free(data);
  }
}

/** The words the cut font shapes differently from the whole one. */
export function shapedDifferently(whole: Uint8Array, cut: Uint8Array, words: Iterable<string>): string[] {
  const expected = shaper(whole).shape;
  const actual = shaper(cut).shape;
  const differ: string[] = [];
  for (const word of words) {
    const a = expected(word);
    const b = actual(word);
    if (a.glyphs.join() !== b.glyphs.join() || a.positions.join() !== b.positions.join()) differ.push(word);
  }
  return differ;
}

/** WOFF2 of `sfnt`, copied out of the encoder's memory, which its next call overwrites. */
const woff2 = async (sfnt: Uint8Array) => Uint8Array.from(await compressWoff2(sfnt));

/** Distinct syllables past which a cut saves little and takes long: the whole block is served instead. */
export const MAX_SYLLABLES = 6000;

/** What a face was cut for: the shop's words, or (too many of them to be worth it) every Bengali character. */
export type Cut = 'words' | 'block';

/**
 * `sfnt` (TrueType bytes) cut to what `words` need, as WOFF2. Each distinct syllable is shaped once with the steps
 * watched, every word once more to check; words a syllable alone does not explain (a lookup that reads across
 * syllables) are watched whole. Only the substitution features that acted are kept when that shapes every word as
 * the whole font does, else all of them. Past `maxSyllables`, or if a cut still shapes a word differently, the face
 * keeps every character of `block` and all it can form.
 */
export async function faceForWords(
  sfnt: Uint8Array,
  words: readonly string[],
  block: string,
  maxSyllables = MAX_SYLLABLES,
): Promise<{ woff2: Uint8Array; cut: Cut }> {
  const { font, shape } = shaper(sfnt);
  const distinct = new Set<string>();
  for (const word of words) for (const syllable of syllables(word, shape(word))) distinct.add(syllable);
  if (distinct.size <= maxSyllables) {
    const needs = await shapingNeeds(sfnt, distinct);
    let features: string[] | null = [...needs.substitutions, ...font.face.getTableFeatureTags('GPOS')];
    const check = (texts: Iterable<string>) => shapedDifferently(sfnt, subset(sfnt, needs, { features, retainGids: true }), texts);
    const unexplained = check(words);
    if (unexplained.length > 0) {
      await shapingNeeds(sfnt, unexplained, needs);
      features = [...needs.substitutions, ...font.face.getTableFeatureTags('GPOS')];
      if (check(unexplained).length > 0) features = null;
    }
    // The same cut with the glyphs numbered afresh: smaller, and shaping the same.
    if (check(words).length === 0) return { woff2: await woff2(subset(sfnt, needs, { features })), cut: 'words' };
  }
  const everything: ShapingNeeds = { glyphs: new Set([0]), substitutions: new Set(), codePoints: new Set([...block].map((char) => char.codePointAt(0)!)) };
  return { woff2: await woff2(subset(sfnt, everything, { features: null, closure: true })), cut: 'block' };
}
