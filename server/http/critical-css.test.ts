import { describe, expect, it } from 'vitest';
import { classNamesIn, criticalCss, criticalCssCache, markupUse, prepareStylesheet } from './critical-css';

/** A stylesheet shaped like Tailwind's output: layers, base rules, escaped utilities, variants in media queries. */
const SHEET = [
  '@layer properties{@supports (x:y){*,:before{--tw-x:0;--tw-y:0}}}',
  '@layer theme{:root{--color-brand:#006a4e;--color-accent:var(--color-deep);--color-deep:#123;--color-unused:#fff}',
  '}',
  '@layer base{*{box-sizing:border-box}button{cursor:pointer}[hidden]{display:none}h1,h2,abbr:where([title]){font-weight:inherit}html,:host{line-height:1.5}}',
  '@layer utilities{',
  '.flex{display:flex}',
  '.shadow{--tw-x:1px;box-shadow:0 0 var(--tw-x)}',
  '.blur{filter:blur(var(--tw-y))}',
  '.hidden{display:none}',
  '.w-1\\/2{width:50%}',
  '.bg-brand\\/50{background-color:#006a4e80}',
  '.hover\\:bg-brand:hover{background:var(--color-brand);color:var(--color-accent)}',
  '.group-hover\\:ring-2:is(:where(.group):hover *){outline:2px}',
  '.\\[scrollbar-width\\:thin\\]{scrollbar-width:thin}',
  '.\\32 xl\\:grid{display:grid}',
  '@media (min-width:40rem){.sm\\:grid-cols-3{grid-template-columns:repeat(3,1fr)}.sm\\:block{display:block}}',
  '}',
  '@keyframes spin{to{transform:rotate(360deg)}}',
  '@font-face{font-family:Noto;src:url(/noto.woff2)}',
  '@property --tw-x{syntax:"*";inherits:false;initial-value:0}',
  '@property --tw-y{syntax:"*";inherits:false;initial-value:0}',
].join('');

describe('critical CSS', () => {
  it('keeps the rules of the classes the markup uses, with their layers and media queries, and every base rule', () => {
    const sheet = prepareStylesheet(SHEET);
    const css = criticalCss(
      sheet,
      markupUse('<div class="flex shadow w-1/2 bg-brand/50 hover:bg-brand sm:grid-cols-3 [scrollbar-width:thin] 2xl:grid"><h2>Offers</h2></div>'),
    );
    // Of Tailwind's custom properties, only those the kept rules name: registered, and given their initial values.
    expect(css).toContain('@layer properties{@supports (x:y){*,:before{--tw-x:0}}}');
    expect(css).toContain('@property --tw-x{');
    expect(css).not.toContain('--tw-y');
    // Theme values too: those the kept rules name, and those their values name.
    expect(css).toContain(':root{--color-brand:#006a4e;--color-accent:var(--color-deep);--color-deep:#123}');
    // Base rules for the elements the page has, and those for any element; the document's own elements are there.
    expect(css).toContain('@layer base{*{box-sizing:border-box}[hidden]{display:none}h2{font-weight:inherit}html,:host{line-height:1.5}}');
    expect(css).toContain('.flex{display:flex}');
    expect(css).toContain('.w-1\\/2{width:50%}');
    expect(css).toContain('.bg-brand\\/50{background-color:#006a4e80}');
    expect(css).toContain('.hover\\:bg-brand:hover{background:var(--color-brand);color:var(--color-accent)}');
    expect(css).toContain('.\\[scrollbar-width\\:thin\\]{scrollbar-width:thin}');
    expect(css).toContain('.\\32 xl\\:grid{display:grid}');
    expect(css).toContain('@media (min-width:40rem){.sm\\:grid-cols-3{grid-template-columns:repeat(3,1fr)}}');
    expect(css).toContain('@keyframes spin');
    // Fonts come with the whole stylesheet, after the page's largest picture.
    expect(css).not.toContain('@font-face');
    expect(css).not.toContain('.hidden');
    expect(css).not.toContain('sm\\:block');
    expect(css).not.toContain('group-hover');
    // The output is whole CSS: it parses back into the same rules.
    expect(prepareStylesheet(css).pieces.length).toBeGreaterThan(0);
    expect(css.split('{').length).toBe(css.split('}').length);
  });

  it('reads class attributes as the browser does: entities decoded, any whitespace between names', () => {
    expect([...classNamesIn('<a class="a&amp;b\n  c" href="x"></a><p class=""></p><i class="d">class="e"</i>')]).toEqual(['a&b', 'c', 'd']);
  });

  it('keeps a base rule for an element once the markup has one', () => {
    const sheet = prepareStylesheet(SHEET);
    expect(criticalCss(sheet, markupUse('<p>text</p>'))).not.toContain('button{');
    expect(criticalCss(sheet, markupUse('<p><BUTTON type="button">Go</BUTTON></p>'))).toContain('button{cursor:pointer}');
    expect(criticalCss(sheet, markupUse('<abbr title="taka">Tk</abbr>'))).toContain('abbr:where([title]){font-weight:inherit}');
  });

  it('answers pages of one kind from its cache', () => {
    const critical = criticalCssCache(prepareStylesheet(SHEET));
    const first = critical('<div class="flex sm:block"></div>');
    expect(critical('<div class="sm:block flex"></div>')).toBe(first);
  });
});
