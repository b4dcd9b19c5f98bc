import { describe, expect, it } from 'vitest';
import { withoutWiderGamut } from './vite-plugins';

describe('the built stylesheet’s colours', () => {
  it('are sRGB alone: the palette’s oklch colours and the opacity modifiers lose their wider-gamut restatements', () => {
    // As Tailwind writes them: the palette in oklch, an opacity modifier in sRGB with a nested color-mix() in @supports.
    const css = withoutWiderGamut(
      [
        '@layer theme{:root{--color-gray-900:oklch(21% .034 264.665);--color-black:#000}}',
        '@layer utilities{.text-gray-900{color:var(--color-gray-900)}',
        '.bg-black\\/50{background-color:#00000080;@supports (color:color-mix(in lab, red, red)){background-color:color-mix(in oklab,var(--color-black) 50%,transparent)}}',
        '.border-x{border-color:oklch(70% .1 150)}}',
      ].join(''),
    )
      .replace(/\s+/g, '')
      .replaceAll(';}', '}');
    expect(css).toContain('--color-gray-900:#101828');
    expect(css).toContain('.bg-black\\/50{background-color:#00000080}');
    expect(css).toContain('.border-x{border-color:#6fb07d}');
    expect(css).toContain('.text-gray-900{color:var(--color-gray-900)}');
    for (const wider of ['oklch(', 'lab(', 'color-mix(', '@supports']) expect(css).not.toContain(wider);
  });
});
