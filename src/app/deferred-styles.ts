import { DEFERRED_STYLESHEET_ATTRIBUTE } from '@contract/page-document';

/**
 * A server-rendered page inlines the rules it uses and loads the whole stylesheet as `media="print"`, which the
 * browser fetches without holding the first paint; it applies to the screen once loaded, for what the page draws next.
 * Its web fonts are taken out and put back after the next frame: declaring a font lays out all the page's text again,
 * and with the style pass the new rules cost, in one task, that made one of the longest of a first visit.
 */
export function applyDeferredStylesheets(): void {
  for (const link of document.querySelectorAll<HTMLLinkElement>(`link[${DEFERRED_STYLESHEET_ATTRIBUTE}]`)) {
    const apply = (sheet: CSSStyleSheet) => {
      const fonts = [...sheet.cssRules].filter((rule) => rule instanceof CSSFontFaceRule);
      for (const rule of fonts) sheet.deleteRule([...sheet.cssRules].indexOf(rule));
      link.media = 'all';
      // After the frame that restyles the page with the sheet (in the same frame, both would be one task again); at the
      // start of the sheet, in their order.
      requestAnimationFrame(() => setTimeout(() => fonts.forEach((rule, index) => sheet.insertRule(rule.cssText, index))));
    };
    if (link.sheet) apply(link.sheet);
    // A sheet loads once: its href never changes.
    else link.addEventListener('load', () => apply(link.sheet!));
  }
}
