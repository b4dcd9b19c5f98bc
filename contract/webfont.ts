/**
 * The Bengali webfont's faces, for devices without a Bengali font: which characters each covers (its
 * `unicode-range`, which `src/styles.css` must match) and where it is served.
 *
 * The taka sign is a face of its own, cut once at build time: every price shows it, and alone it is under 1 KB.
 * Bangla text is the shop's face: the server cuts it from Noto Sans Bengali for the words the shop shows (product
 * names and descriptions, categories, reviews) and cuts it again when they change, a few KB where the whole Bengali
 * block with its conjuncts is about 40 KB. A page with prices and no Bangla downloads only the first.
 */

export type CodeRange = readonly [first: number, last: number];
export type WebfontFace = { name: string; ranges: readonly CodeRange[] };

export const TAKA_FACE: WebfontFace = { name: 'noto-sans-bengali-taka', ranges: [[0x09f3, 0x09f3]] };

/** The Bengali block but ৳, the dandas Bengali shares with Devanagari, the joiners and the dotted circle shapers draw. */
export const TEXT_FACE: WebfontFace = {
  name: 'noto-sans-bengali-shop',
  ranges: [
    [0x0964, 0x0965],
    [0x0980, 0x09f2],
    [0x09f4, 0x09ff],
    [0x200c, 0x200d],
    [0x25cc, 0x25cc],
  ],
};

export const WEBFONT_FACES = [TAKA_FACE, TEXT_FACE];
/** Regular and bold; semibold and extra-bold text take the bold face (CSS font matching). */
export const WEBFONT_WEIGHTS = [400, 700] as const;
export type WebfontWeight = (typeof WEBFONT_WEIGHTS)[number];

const hex = (point: number) => point.toString(16).toUpperCase().padStart(4, '0');

/** A face's ranges as CSS writes them: `U+0964-0965, U+0980-09F2, …`. */
export const unicodeRange = (face: WebfontFace) =>
  face.ranges.map(([first, last]) => (first === last ? `U+${hex(first)}` : `U+${hex(first)}-${hex(last)}`)).join(', ');

/** Every character a face covers. */
export const characters = (face: WebfontFace) =>
  face.ranges.flatMap(([first, last]) => Array.from({ length: last - first + 1 }, (_, i) => String.fromCodePoint(first + i))).join('');

/** A regular expression source matching a run of a face's characters: how words are cut from text. */
export const runPattern = (face: WebfontFace) =>
  `[${face.ranges.map(([first, last]) => (first === last ? `\\u${hex(first)}` : `\\u${hex(first)}-\\u${hex(last)}`)).join('')}]+`;

export const webfontFile = (face: WebfontFace, weight: number) => `${face.name}-${weight}.woff2`;

/** Where the server serves the shop's face at `weight`. */
export const shopFacePath = (weight: WebfontWeight) => `/fonts/${webfontFile(TEXT_FACE, weight)}`;
