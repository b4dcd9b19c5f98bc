import { DEFERRED_STYLESHEET_ATTRIBUTE } from '@contract/page-document';

/**
 * A server-rendered page inlines the rules it uses and loads the whole stylesheet as `media="print"`, which the
 * browser fetches without holding the first paint; it applies to the screen once loaded, for what the page draws next.
 */
export function applyDeferredStylesheets(root: ParentNode = document): void {
  for (const link of root.querySelectorAll<HTMLLinkElement>(`link[${DEFERRED_STYLESHEET_ATTRIBUTE}]`)) {
    const apply = () => {
      link.media = 'all';
    };
    if (link.sheet) apply();
    else link.addEventListener('load', apply, { once: true });
  }
}
