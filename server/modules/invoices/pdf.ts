import PDFDocument from 'pdfkit';
import { fontBytes, scriptRuns, type Script } from '../../lib/fonts';

/**
 * Mixed Latin and Bangla text in pdfkit: every text is cut into runs by script (`scriptRuns`) and each run is set in
 * the self-hosted Noto font that has its letters. pdfkit (fontkit) shapes the Bengali runs, and both fonts are
 * embedded as subsets.
 */

export type Doc = InstanceType<typeof PDFDocument>;
type Weight = 'regular' | 'bold';

const WEIGHTS = { regular: 400, bold: 700 } as const;

let fontsByName: Record<string, Buffer> | null = null;
/** The four fonts an invoice uses, by the names they are registered under. */
function fonts(): Record<string, Buffer> {
  fontsByName ??= Object.fromEntries(
    (['latin', 'bengali'] as const).flatMap((script) =>
      (['regular', 'bold'] as const).map((weight) => [`${script}-${weight}`, fontBytes(script, WEIGHTS[weight])]),
    ),
  );
  return fontsByName;
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
