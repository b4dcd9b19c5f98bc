import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { woffToSfnt } from './woff';

/**
 * Mixed Latin and Bangla text in pdfkit. The self-hosted Noto fonts come in subsets: the Bengali one has no ASCII
 * digits or punctuation and the Latin one no Bengali, so every text is cut into runs and each run is set in the
 * font that has its letters. pdfkit (fontkit) shapes the Bengali runs, and both fonts are embedded as subsets.
 */

export type Doc = InstanceType<typeof PDFDocument>;
type Script = 'latin' | 'bengali';
type Weight = 'regular' | 'bold';
type Run = { text: string; script: Script };

const require = createRequire(import.meta.url);
const fontFile = (name: string) => require.resolve(name);

const FONT_FILES: Record<Script, Record<Weight, string>> = {
  latin: {
    regular: fontFile('@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff'),
    bold: fontFile('@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff'),
  },
  bengali: {
    regular: fontFile('@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff'),
    bold: fontFile('@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-700-normal.woff'),
  },
};

let fontBytes: Record<string, Buffer> | null = null;
/** Read and unwrapped once, on the first invoice. */
function fonts(): Record<string, Buffer> {
  fontBytes ??= Object.fromEntries(
    (['latin', 'bengali'] as const).flatMap((script) =>
      (['regular', 'bold'] as const).map((weight) => [`${script}-${weight}`, woffToSfnt(readFileSync(FONT_FILES[script][weight]))]),
    ),
  );
  return fontBytes;
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

export function newDocument(info: { Title: string; Author: string }): Doc {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info, font: fonts()['latin-regular'] as unknown as string });
  for (const [name, bytes] of Object.entries(fonts())) doc.registerFont(name, bytes);
  return doc;
}

export type TextStyle = { size: number; weight?: Weight; color?: string };

const useFont = (doc: Doc, script: Script, style: TextStyle) =>
  doc
    .font(`${script}-${style.weight ?? 'regular'}`)
    .fontSize(style.size)
    .fillColor(style.color ?? '#1b1f1d');

/**
 * Where the Latin font puts its baseline below the top of a line, in points. The two fonts have different ascents
 * (Noto Sans 1069, Noto Sans Bengali 917 per 1000), so pdfkit's default "top" placement would set Bangla runs higher
 * than Latin ones: every run is placed on this one baseline instead. pdfkit keeps the ascent on its (untyped) font.
 */
function latinBaseline(doc: Doc, style: TextStyle): number {
  useFont(doc, 'latin', style);
  const { ascender } = (doc as unknown as { _font: { ascender: number } })._font;
  return (ascender / 1000) * style.size;
}

export function widthOf(doc: Doc, text: string, style: TextStyle): number {
  return scriptRuns(text).reduce((sum, run) => sum + useFont(doc, run.script, style).widthOfString(run.text), 0);
}

/** One line of text, no wrapping, aligned in a box of `width` starting at x. */
export function line(doc: Doc, text: string, x: number, y: number, style: TextStyle & { width?: number; align?: 'left' | 'right' }): void {
  let cursor = style.align === 'right' && style.width !== undefined ? x + style.width - widthOf(doc, text, style) : x;
  const baseline = -latinBaseline(doc, style);
  for (const run of scriptRuns(text)) {
    useFont(doc, run.script, style).text(run.text, cursor, y, { lineBreak: false, baseline });
    cursor += doc.widthOfString(run.text);
  }
}

/** Left-aligned text wrapped to `width`; answers the y below it. */
export function paragraph(doc: Doc, text: string, x: number, y: number, width: number, style: TextStyle): number {
  const runs = scriptRuns(text);
  const baseline = -latinBaseline(doc, style);
  runs.forEach((run, index) => {
    const continued = index < runs.length - 1;
    useFont(doc, run.script, style);
    if (index === 0) doc.text(run.text, x, y, { width, continued, baseline });
    else doc.text(run.text, { continued, baseline });
  });
  return doc.y;
}

/** The finished document's bytes. */
export function toBuffer(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}
