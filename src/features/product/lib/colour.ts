/** The colour names sellers use, as swatches; anything else falls back to grey. */
export const NAMED_COLOURS: Readonly<Record<string, string>> = {
  red: '#dc2626',
  blue: '#2563eb',
  green: '#16a34a',
  yellow: '#facc15',
  purple: '#9333ea',
  pink: '#ec4899',
  black: '#000000',
  white: '#ffffff',
  gray: '#808080',
  grey: '#808080',
  orange: '#f97316',
  brown: '#8b4513',
  navy: '#000080',
  maroon: '#800000',
  gold: '#ffd700',
  silver: '#c0c0c0',
  beige: '#f5f5dc',
  cream: '#fffdd0',
  khaki: '#c3b091',
  olive: '#808000',
};

export const UNKNOWN_COLOUR = NAMED_COLOURS.grey!;

const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const RGB = /^rgba?\(\s*[\d.]+%?\s*(?:,\s*|\s+)[\d.]+%?\s*(?:,\s*|\s+)[\d.]+%?\s*(?:(?:,|\/)\s*[\d.]+%?\s*)?\)$/i;

/** The CSS colour of a swatch: hex and rgb()/rgba() values pass through, named colours map, unknown names are grey. */
export function colourValue(name: string): string {
  const value = name.trim();
  if (HEX.test(value) || RGB.test(value)) return value;
  return NAMED_COLOURS[value.toLowerCase()] ?? UNKNOWN_COLOUR;
}
