import { DEFERRED_STYLESHEET_ATTRIBUTE } from '@contract/page-document';

/**
 * A server-rendered page inlines the rules it uses and loads the whole stylesheet as `media="print"`, which the
 * browser fetches without holding the first paint; it applies to the screen once loaded, for what the page draws next.
 * Its web fonts are taken out and put back after the next frame: declaring a font lays out all the page's text again,
 * and with the style pass the new rules cost, in one task, that made one of the longest of a first visit.
 */
export function applyDeferredStylesheets(): void {
  for (const link of document.querySelectorAll<HTMLLinkElement>(`link[${DEFERRED_STYLESHEET_ATTRIBUTE}]`)) {
    const apply = () => {
      const sheet = link.sheet!;
      const fonts: string[] = [];
      // One pass over the rules, from the last, so a deletion leaves the indices still to visit as they were.
      for (let index = sheet.cssRules.length; index--;) {
        const rule = sheet.cssRules[index]!;
        if (rule instanceof CSSFontFaceRule) {
          fonts.push(rule.cssText);
          sheet.deleteRule(index);
        }
      }
      link.media = 'all';
      // After the frame that restyles the page with the sheet (in the same frame, both would be one task again); each at
      // the start of the sheet, the last first, so they are in their order.
      requestAnimationFrame(() => setTimeout(() => fonts.forEach((font) => sheet.insertRule(font))));
    };
    // Not in the task that evaluates the app's modules, which is long enough.
    if (link.sheet) setTimeout(apply);
    // A sheet loads once: its href never changes.
    else link.addEventListener('load', apply);
  }
}
