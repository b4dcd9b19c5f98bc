import { useRouter } from '@tanstack/react-router';
import type { AnchorHTMLAttributes } from 'react';
import { useScreenAddress, type Area, type ScreenSearch } from '../lib/screens';

type ScreenLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { area: Area; path: string; search?: ScreenSearch };

/**
 * A link to a back-office screen: `path` under the area ('' for its first screen), with the screen's query. A real
 * `<a href>` whose plain click the router opens in place; a click with a modifier key or another button, or on a link
 * with a target, stays the browser's own (a new tab, a new window).
 */
export function ScreenLink({ area, path, search, children, ...anchor }: ScreenLinkProps) {
  const router = useRouter();
  const href = useScreenAddress()(area, path, search);
  return (
    <a
      {...anchor}
      href={href}
      onClick={(event) => {
        if (event.button || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || anchor.target) return;
        event.preventDefault();
        void router.navigate({ href });
      }}
    >
      {children}
    </a>
  );
}
