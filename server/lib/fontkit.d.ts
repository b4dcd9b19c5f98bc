/** The part of fontkit (pdfkit's font engine, no types of its own) the server and scripts use. */
declare module 'fontkit' {
  export interface Path {
    scale(x: number, y: number): Path;
    translate(x: number, y: number): Path;
    toSVG(): string;
  }
  export interface Glyph {
    id: number;
    name: string;
    codePoints: number[];
    path: Path;
  }
  export interface GlyphPosition {
    xAdvance: number;
    yAdvance: number;
    xOffset: number;
    yOffset: number;
  }
  export interface GlyphRun {
    glyphs: Glyph[];
    positions: GlyphPosition[];
    advanceWidth: number;
  }
  export interface Font {
    familyName: string;
    unitsPerEm: number;
    /** Every code point the font maps to a glyph. */
    characterSet: number[];
    layout(text: string): GlyphRun;
  }
  export function create(buffer: Buffer): Font;
}
