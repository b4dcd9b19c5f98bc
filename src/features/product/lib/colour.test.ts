import { describe, expect, it } from 'vitest';
import { colourValue, NAMED_COLOURS, UNKNOWN_COLOUR } from './colour';

const SPEC_NAMES = [
  'red',
  'blue',
  'green',
  'yellow',
  'purple',
  'pink',
  'black',
  'white',
  'gray',
  'grey',
  'orange',
  'brown',
  'navy',
  'maroon',
  'gold',
  'silver',
  'beige',
  'cream',
  'khaki',
  'olive',
];

describe('colourValue', () => {
  it('maps every colour name of the specification, whatever its case and spacing', () => {
    for (const name of SPEC_NAMES) {
      expect(colourValue(name)).toBe(NAMED_COLOURS[name]);
      expect(colourValue(` ${name.toUpperCase()} `)).toBe(NAMED_COLOURS[name]);
    }
    expect(colourValue('black')).toBe('#000000');
    expect(colourValue('white')).toBe('#ffffff');
  });

  it('gives the named colours distinct values, with gray and grey the same', () => {
    const values = SPEC_NAMES.filter((n) => n !== 'grey').map((n) => colourValue(n));
    expect(new Set(values).size).toBe(values.length);
    expect(colourValue('gray')).toBe(colourValue('grey'));
  });

  it('shows grey for unknown names', () => {
    expect(UNKNOWN_COLOUR).toBe(colourValue('grey'));
    expect(colourValue('sky blue')).toBe(UNKNOWN_COLOUR);
    expect(colourValue('')).toBe(UNKNOWN_COLOUR);
  });

  it('passes hex and rgb values through unchanged', () => {
    for (const value of ['#fff', '#FFAA00', '#ffaa0080', 'rgb(255, 0, 0)', 'rgba(0,0,0,0.5)', 'rgb(10 20 30 / 50%)']) {
      expect(colourValue(value)).toBe(value);
    }
  });

  it('does not pass through malformed hex or other CSS', () => {
    expect(colourValue('#ggg')).toBe(UNKNOWN_COLOUR);
    expect(colourValue('#12345')).toBe(UNKNOWN_COLOUR);
    expect(colourValue('url(evil)')).toBe(UNKNOWN_COLOUR);
  });
});
