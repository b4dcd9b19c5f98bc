import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import lucideCreateIcon from 'lucide-react/dist/esm/createLucideIcon.mjs';
import createLucideIcon, { type LucideIconData, type LucideIconProps } from './lucide-icon';

const heart: LucideIconData = {
  name: 'heart',
  size: 24,
  node: [
    [
      'path',
      {
        d: 'M2 9.5a5.5 5.5 0 0 1 9.591-3.676.56.56 0 0 0 .818 0A5.49 5.49 0 0 1 22 9.5c0 2.29-1.5 4-3 5.5l-5.492 5.313a2 2 0 0 1-3 .019L5 15c-1.5-1.5-3-3.2-3-5.5',
        key: 'mvr1a0',
      },
    ],
  ],
};
const circleCheck: LucideIconData = {
  name: 'circle-check',
  size: 24,
  aliases: ['check-circle'],
  node: [
    ['circle', { cx: '12', cy: '12', r: '10', key: '1mglay' }],
    ['path', { d: 'm9 12 2 2 4-4', key: 'dzmm74' }],
  ],
};

/** The markup of one icon drawn by lucide-react itself and by the app's renderer, for the same props. */
function bothMarkups(icon: LucideIconData, props: LucideIconProps) {
  const Lucide = lucideCreateIcon(icon);
  const Own = createLucideIcon(icon);
  return { lucide: renderToStaticMarkup(<Lucide {...props} />), own: renderToStaticMarkup(<Own {...props} />) };
}

describe('createLucideIcon', () => {
  it.each<[string, LucideIconData, LucideIconProps]>([
    ['no props', heart, {}],
    ['classes, repeated ones once', heart, { className: 'size-5 lucide  fill-current size-5' }],
    ['a label instead of aria-hidden', heart, { 'aria-label': 'Wishlist', role: 'img' }],
    ['a stroke width, a colour and a size', circleCheck, { strokeWidth: 3, color: 'red', size: 16 }],
    ['an absolute stroke width', circleCheck, { strokeWidth: 2, absoluteStrokeWidth: true, size: 48 }],
    ['width and height apart, non-scaling strokes', heart, { width: 20, height: 10, nonScalingStroke: true }],
    ['other attributes passed on', heart, { fill: 'currentColor', 'data-state': 'on', id: 'heart' } as LucideIconProps],
  ])('draws the same markup as lucide-react: %s', (_case, icon, props) => {
    const { lucide, own } = bothMarkups(icon, props);
    expect(own).toBe(lucide);
  });

  it('takes children (a title) and then leaves aria-hidden out, as lucide-react does', () => {
    const { lucide, own } = bothMarkups(heart, { children: <title>Saved</title> });
    expect(own).toBe(lucide);
    expect(own).not.toContain('aria-hidden');
  });
});
