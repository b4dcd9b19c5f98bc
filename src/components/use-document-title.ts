import { useEffect } from 'react';

export const SITE_TITLE = 'haat — online shop';

/** Sets the tab title for the screen on show: "{title} | haat", or the site title without one. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} | haat` : SITE_TITLE;
  }, [title]);
}
