import { DEFERRED_STYLESHEET_ATTRIBUTE } from '@contract/page-document';

/**
 * A server-rendered page inlines the rules it uses and loads the whole stylesheet as `media="print"`, which the
 * browser fetches without holding the first paint; it applies to the screen once loaded, for what the page draws next.
 * Its web fonts are taken out and put back after the next frame: declaring a font lays out all the page's text again,
 * and with the style pass the new rules cost, in one task, that made one of the longest of a first visit.
 */
export function applyDeferredStylesheets(root: ParentNode = document): void {
  for (const link of root.querySelectorAll<HTMLLinkElement>(`link[${DEFERRED_STYLESHEET_ATTRIBUTE}]`)) {
    const apply = () => {
      const fonts = link.sheet ? takeOutFonts(link.sheet) : [];
      link.media = 'all';
      // After the frame that restyles the page with the sheet: in the same frame, both would be one task again.
      if (fonts.length > 0) requestAnimationFrame(() => setTimeout(() => putBack(link.sheet, fonts)));
    };
    if (link.sheet) apply();
    else link.addEventListener('load', apply, { once: true });
  }
}

type TakenRule = { index: number; text: string };

/** Removes the sheet's `@font-face` rules, answering each with its place, in order. */
function takeOutFonts(sheet: CSSStyleSheet): TakenRule[] {
  const taken: TakenRule[] = [];
  let rules: CSSRuleList;
  try {
    rules = sheet.cssRules;
  } catch {
    // A sheet from another origin cannot be read: applied as it is.
    return taken;
  }
  for (let index = 0; index < rules.length; index += 1) {
    const rule = rules[index]!;
    if (rule instanceof CSSFontFaceRule) taken.push({ index, text: rule.cssText });
  }
  for (const { index } of [...taken].reverse()) sheet.deleteRule(index);
  return taken;
}

function putBack(sheet: CSSStyleSheet | null, taken: TakenRule[]) {
  for (const { index, text } of taken) sheet?.insertRule(text, index);
}
