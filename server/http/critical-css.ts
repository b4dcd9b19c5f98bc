import postcss, { type ChildNode } from 'postcss';
import { boundedCache } from '../lib/bounded-cache';

/**
 * The part of the app's stylesheet a rendered page uses, to inline in it so the page paints without waiting for the
 * stylesheet. The stylesheet is Tailwind's: utility rules whose selectors start with their own class. A rule is kept
 * when the page uses the first class of one of its selectors; rules with no class at all (the base styles, custom
 * properties, fonts, keyframes) are always kept. A state class (`hover:…`, `group-hover:…`) is on the element in the
 * markup, so its rules come along.
 */

/**
 * A style rule or another leaf of the stylesheet, with the at-rules around it and what decides whether it is kept. A
 * rule with no class (a base style) lists its selectors with the element each is for (`elements`), so a page keeps
 * the selectors for the elements it has.
 * Tailwind registers every custom property any utility uses (`@property --tw-…`, and for browsers without it a rule in
 * `@layer properties` giving each its initial value) and defines every theme value any utility uses (`@layer theme`);
 * a page gets only the custom properties its rules name, so these pieces carry the property they register
 * (`customProperty`), or the rule's selector and its declarations (`customProperties`).
 */
type Piece = {
  wrappers: string[];
  css: string;
  classes: string[] | 'always';
  elements?: { selector: string; element: string | null }[];
  customProperty?: string;
  customProperties?: { selector: string; declarations: { property: string; value: string }[] };
};

/** The layers whose rules only give custom properties their values. */
const CUSTOM_PROPERTY_LAYERS = new Set(['@layer properties', '@layer theme']);

export type PreparedStylesheet = { pieces: Piece[] };

/** Grouping at-rules whose contents are sorted piece by piece; any other at-rule is a leaf, always kept. */
const GROUPS = new Set(['layer', 'media', 'supports', 'container']);

/** CSS escapes (`\:`, `\/`, `\31 `) back to the characters of the class attribute. */
function unescapeCss(identifier: string): string {
  return identifier.replace(/\\(?:([0-9a-fA-F]{1,6})\s?|([\s\S]))/g, (_, hex: string | undefined, char: string | undefined) =>
    hex ? String.fromCodePoint(parseInt(hex, 16)) : char!,
  );
}

const CLASS_IN_SELECTOR = /\.((?:\\[0-9a-fA-F]{1,6}\s?|\\[\s\S]|[\w-])+)/;

/** The first class of each selector; 'always' when a selector has none (it styles elements, not classes). */
function keyClasses(selectors: string[]): string[] | 'always' {
  const keys: string[] = [];
  for (const selector of selectors) {
    const match = CLASS_IN_SELECTOR.exec(selector);
    if (!match) return 'always';
    keys.push(unescapeCss(match[1]!));
  }
  return keys;
}

/**
 * The element a selector is for when it starts with one (`abbr:where([title])`, `h1`), else null: it may match any
 * element (`*`, `:root`, `::backdrop`, `[hidden]`). Such a selector needs no more than that element on the page.
 */
function keyElement(selector: string): string | null {
  return /^[a-z][a-z0-9-]*/i.exec(selector.trim())?.[0].toLowerCase() ?? null;
}

/** Parses the stylesheet once into its pieces, in order. */
export function prepareStylesheet(css: string): PreparedStylesheet {
  const pieces: Piece[] = [];
  const walk = (nodes: ChildNode[], wrappers: string[]) => {
    for (const node of nodes) {
      const declarations =
        node.type === 'rule' ? node.nodes.flatMap((child) => (child.type === 'decl' ? [{ property: child.prop, value: child.value }] : [])) : [];
      if (node.type === 'rule' && CUSTOM_PROPERTY_LAYERS.has(wrappers[0] ?? '') && declarations.every(({ property }) => property.startsWith('--'))) {
        pieces.push({ wrappers, css: node.toString(), classes: 'always', customProperties: { selector: node.selector, declarations } });
      } else if (node.type === 'rule') {
        const classes = keyClasses(node.selectors);
        const elements = classes === 'always' ? node.selectors.map((selector) => ({ selector, element: keyElement(selector) })) : undefined;
        pieces.push({ wrappers, css: node.toString(), classes, ...(elements ? { elements } : {}) });
      } else if (node.type === 'atrule' && node.nodes && GROUPS.has(node.name)) walk(node.nodes, [...wrappers, `@${node.name} ${node.params}`.trim()]);
      // The web fonts come with the whole stylesheet, after the page's largest picture: the browser asks for a face as
      // soon as the page draws one of its characters, and on a slow link a font fetched then delays that picture.
      else if (node.type === 'atrule' && node.name === 'font-face') continue;
      else if (node.type === 'atrule' && node.name === 'property')
        pieces.push({ wrappers, css: node.toString(), classes: 'always', customProperty: node.params.trim() });
      else if (node.type === 'atrule') pieces.push({ wrappers, css: node.toString() + (node.nodes ? '' : ';'), classes: 'always' });
    }
  };
  walk(postcss.parse(css).nodes, []);
  return { pieces };
}

/** What a page's markup uses that decides which rules it needs. */
export type MarkupUse = { classes: ReadonlySet<string>; elements: ReadonlySet<string> };

/** The elements around any page's markup, in the document the server puts it in. */
const DOCUMENT_ELEMENTS = ['html', 'head', 'body', 'div'];

/** The classes and elements `html` uses. */
export function markupUse(html: string): MarkupUse {
  const elements = new Set(DOCUMENT_ELEMENTS);
  for (const [, name] of html.matchAll(/<([a-zA-Z][a-zA-Z0-9-]*)/g)) elements.add(name!.toLowerCase());
  return { classes: classNamesIn(html), elements };
}

/** Every class name the markup's `class` attributes use. */
export function classNamesIn(html: string): Set<string> {
  const names = new Set<string>();
  for (const [, value] of html.matchAll(/\sclass="([^"]*)"/g)) {
    const decoded = value!.replace(
      /&(amp|quot|#x27|#39|lt|gt);/g,
      (_, entity: string) => ({ amp: '&', quot: '"', '#x27': "'", '#39': "'", lt: '<', gt: '>' })[entity]!,
    );
    for (const name of decoded.split(/\s+/)) if (name) names.add(name);
  }
  return names;
}

const CUSTOM_PROPERTY = /--[\w-]+/g;

/** The selectors of a base rule the page's elements need, as one rule; null when it needs none. */
function baseRuleFor(piece: Piece, elements: ReadonlySet<string>): string | null {
  if (!piece.elements) return piece.css;
  const selectors = piece.elements.flatMap(({ selector, element }) => (element === null || elements.has(element) ? [selector] : []));
  if (selectors.length === piece.elements.length) return piece.css;
  return selectors.length === 0 ? null : `${selectors.join(',')}${piece.css.slice(piece.css.indexOf('{'))}`;
}

/** The pieces the markup uses, with their at-rules around them, in the stylesheet's order. */
export function criticalCss({ pieces }: PreparedStylesheet, { classes, elements }: MarkupUse): string {
  const baseRules = new Map(pieces.flatMap((piece) => (piece.elements ? [[piece, baseRuleFor(piece, elements)] as const] : [])));
  const used = pieces.filter((piece) =>
    piece.classes === 'always'
      ? !piece.customProperty && !piece.customProperties && baseRules.get(piece) !== null
      : piece.classes.some((name) => classes.has(name)),
  );
  const kept = new Set(used);
  // The custom properties the kept rules name, and those their values name in turn (a theme value may use another).
  const named = new Set(used.flatMap((piece) => piece.css.match(CUSTOM_PROPERTY) ?? []));
  const definitions = pieces.flatMap((piece) => piece.customProperties?.declarations ?? []);
  for (let size = -1; size !== named.size;) {
    size = named.size;
    for (const { property, value } of definitions) if (named.has(property)) for (const name of value.match(CUSTOM_PROPERTY) ?? []) named.add(name);
  }
  let css = '';
  let open: string[] = [];
  for (const piece of pieces) {
    let text = piece.css;
    if (piece.customProperty !== undefined) {
      if (!named.has(piece.customProperty)) continue;
    } else if (piece.customProperties) {
      const declarations = piece.customProperties.declarations.filter(({ property }) => named.has(property));
      if (declarations.length === 0) continue;
      text = `${piece.customProperties.selector}{${declarations.map(({ property, value }) => `${property}:${value}`).join(';')}}`;
    } else if (!kept.has(piece)) continue;
    else if (piece.elements) text = baseRules.get(piece)!;
    let shared = 0;
    while (shared < open.length && shared < piece.wrappers.length && open[shared] === piece.wrappers[shared]) shared += 1;
    css +=
      '}'.repeat(open.length - shared) +
      piece.wrappers
        .slice(shared)
        .map((wrapper) => `${wrapper}{`)
        .join('') +
      text;
    open = piece.wrappers;
  }
  return css + '}'.repeat(open.length);
}

/** Critical CSS by the classes and elements used: pages of one kind share theirs. At most `maxBytes` are kept. */
export function criticalCssCache(sheet: PreparedStylesheet, maxBytes = 2 * 1024 * 1024) {
  const cache = boundedCache<string>({ maxBytes });
  return (html: string): string => {
    const use = markupUse(html);
    const key = `${[...use.classes].sort().join(' ')}<${[...use.elements].sort().join(' ')}`;
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    const css = criticalCss(sheet, use);
    // About a byte a character: the key and the rules are ASCII.
    cache.set(key, css, key.length + css.length);
    return css;
  };
}
