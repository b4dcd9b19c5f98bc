import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { woffToSfnt } from './woff';

/**
 * The self-hosted Noto fonts the server sets text in (invoices, the seeded pictures and logo), so no text the server
 * draws depends on the fonts of the machine it runs on. They come in subsets: the Bengali one has no ASCII digits or
 * punctuation and the Latin one no Bengali, so text is cut into runs by script and each run is set in the font that
 * has its letters.
 */

export type Script = 'latin' | 'bengali';
export type FontWeight = 400 | 700 | 800;
export type Run = { text: string; script: Script };

const require = createRequire(import.meta.url);
const FONT_FILE_PREFIX: Record<Script, string> = {
  latin: '@fontsource/noto-sans/files/noto-sans-latin',
  bengali: '@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali',
};

const sfntFonts = new Map<string, Buffer>();

/** The font of `script` at `weight` as plain sfnt (TrueType) bytes, read and unwrapped once. */
export function fontBytes(script: Script, weight: FontWeight): Buffer {
  const key = `${script}-${weight}`;
  let bytes = sfntFonts.get(key);
  if (!bytes) {
    bytes = woffToSfnt(readFileSync(require.resolve(`${FONT_FILE_PREFIX[script]}-${weight}-normal.woff`)));
    sfntFonts.set(key, bytes);
  }
  return bytes;
}

/** Bengali letters, signs and digits, the taka sign (U+09F3), the dandas and the joiners that shape conjuncts. */
const BENGALI = /[\u0980-\u09FF\u0964\u0965\u200C\u200D]/;
const SPACE = /\s/;

/** Cuts text into runs by script; spaces stay with the run they are in, so a Bangla phrase is shaped as one. */
export function scriptRuns(text: string): Run[] {
  const runs: Run[] = [];
  for (const char of text) {
    const last = runs.at(-1);
    const script: Script = BENGALI.test(char) ? 'bengali' : 'latin';
    if (last && (last.script === script || SPACE.test(char))) last.text += char;
    else runs.push({ text: char, script });
  }
  return runs;
}
