import { create, type Font, type Glyph } from 'fontkit';
import { fontBytes, scriptRuns, type FontWeight, type Script } from './fonts';

/**
 * Text drawn as outlines, for pictures the server makes with sharp. An SVG `<text>` is set by librsvg in whatever
 * fonts the machine has installed, and a machine without a Bengali font bakes empty boxes into the picture; the
 * outlines come from the self-hosted Noto fonts, shaped by fontkit (conjuncts, vowel signs), so the picture is the same
 * on every machine.
 */

export type TextStyle = { size: number; weight: FontWeight; anchor?: 'start' | 'middle' };
/** One glyph as drawn: the font it came from, its id there (0 is .notdef, the empty box) and the characters it shows. */
export type PlacedGlyph = { font: string; id: number; name: string; codePoints: number[] };
export type Outline = { d: string; width: number; glyphs: PlacedGlyph[] };

const fonts = new Map<string, Font>();
function fontFor(script: Script, weight: FontWeight): Font {
  const key = `${script}-${weight}`;
  let font = fonts.get(key);
  if (!font) {
    font = create(fontBytes(script, weight));
    fonts.set(key, font);
  }
  return font;
}

const placed = (font: Font, glyph: Glyph): PlacedGlyph => ({ font: font.familyName, id: glyph.id, name: glyph.name, codePoints: glyph.codePoints });

/** `text` as one SVG path on the baseline at (x, y), `size` pixels to the em, starting at x or centred on it. */
export function textOutline(text: string, x: number, y: number, style: TextStyle): Outline {
  const shaped = scriptRuns(text).map((run) => {
    const font = fontFor(run.script, style.weight);
    return { font, run: font.layout(run.text), scale: style.size / font.unitsPerEm };
  });
  const width = shaped.reduce((sum, { run, scale }) => sum + run.advanceWidth * scale, 0);
  let pen = style.anchor === 'middle' ? x - width / 2 : x;
  const paths: string[] = [];
  const glyphs: PlacedGlyph[] = [];
  for (const { font, run, scale } of shaped) {
    run.glyphs.forEach((glyph, i) => {
      const position = run.positions[i]!;
      const path = glyph.path
        .scale(scale, -scale)
        .translate(pen + position.xOffset * scale, y - position.yOffset * scale)
        .toSVG();
      if (path) paths.push(path);
      glyphs.push(placed(font, glyph));
      pen += position.xAdvance * scale;
    });
  }
  return { d: paths.join(''), width, glyphs };
}
