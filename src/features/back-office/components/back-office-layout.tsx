import { Link } from '@tanstack/react-router';
import { LogOut, Store } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/components/cn';
import { OfflineNotice } from '@/components/offline-notice';
import { useMessages } from '@/i18n/react';
import { useOnline } from '@/lib/online';
import { useSignOut } from '@/lib/use-sign-out';
import { backOfficeText } from '@/messages/back-office';
import type { Area, BackOfficeScreen } from '../lib/screens';
import { ScreenLink } from './screen-link';

/**
 * Tabs that scroll sideways inside their own row on a phone (the page itself never does), a side menu from 1024 px.
 * The current screen's link has aria-current="page" (the area's own address shows its first screen).
 */
const TAB =
  'flex min-h-11 shrink-0 items-center gap-2 rounded-md px-3 text-sm font-medium whitespace-nowrap text-gray-800 hover:bg-gray-100 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white lg:text-base';

export type BackOfficeLayoutProps = {
  /** The area's name: the header's text and the navigation's name. */
  title: string;
  area: Area;
  /** The one list of the area's screens, in the menu's order. */
  screens: readonly BackOfficeScreen[];
  /** The screen shown, marked in the menu; null when the path names none. */
  current: BackOfficeScreen | null;
  /** The switch to the other language, beside the way out. */
  languageSwitch?: ReactNode;
  children: ReactNode;
};

/** The back office's frame: its name, a way back to the shop and out, the screens' navigation and the current screen. */
export function BackOfficeLayout({ title, area, screens, current, languageSwitch, children }: BackOfficeLayoutProps) {
  const text = useMessages(backOfficeText);
  const online = useOnline();
  const signOut = useSignOut();

  return (
    <div className="min-h-screen bg-gray-50">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand-700 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {text.skipToContent}
      </a>
      <header className="border-b border-gray-200 bg-white">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-2 px-3 py-1.5 sm:px-4">
          <p className="truncate text-lg font-bold text-brand-700">{title}</p>
          <div className="flex shrink-0 items-center gap-1">
            {languageSwitch}
            <Link
              to="/"
              className="flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-md px-2 text-sm font-medium text-gray-800 hover:bg-gray-100 sm:px-3"
            >
              <Store aria-hidden="true" className="size-5" />
              <span className="sr-only sm:not-sr-only">{text.backToShop}</span>
            </Link>
            <button
              type="button"
              onClick={() => void signOut()}
              className="flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-md px-2 text-sm font-medium text-red-700 hover:bg-red-50 sm:px-3"
            >
              <LogOut aria-hidden="true" className="size-5" />
              <span className="sr-only sm:not-sr-only">{text.logout}</span>
            </button>
          </div>
        </div>
      </header>
      <div className="mx-auto flex w-full max-w-7xl flex-col lg:flex-row lg:items-start lg:gap-4 lg:px-4 lg:py-4">
        {screens.length > 0 && (
          <nav aria-label={title} className="border-b border-gray-200 bg-white lg:sticky lg:top-4 lg:w-56 lg:shrink-0 lg:rounded-lg lg:border">
            <ul className="flex gap-1 overflow-x-auto px-3 py-1.5 [scrollbar-width:thin] lg:flex-col lg:overflow-visible lg:p-2">
              {screens.map((screen) => (
                <li key={screen.path}>
                  <ScreenLink area={area} path={screen.path} aria-current={screen === current ? 'page' : undefined} className={TAB}>
                    <screen.icon aria-hidden="true" className="size-5 shrink-0" />
                    {text[screen.label]}
                  </ScreenLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <main id="main" tabIndex={-1} className={cn('min-w-0 flex-1 px-3 py-4 focus:outline-none sm:px-4 lg:p-0')}>
          {!online && <OfflineNotice compact detail={text.offline} className="mb-4" />}
          {children}
        </main>
      </div>
    </div>
  );
}
