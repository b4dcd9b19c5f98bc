import { Link } from '@tanstack/react-router';
import { House, LayoutDashboard, LogOut, MapPin, Menu, Package, ReceiptText, Settings, X } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { cn } from '@/components/cn';
import { useSignOut } from '@/lib/use-sign-out';
import { useMessages } from '@/i18n/react';
import { accountText } from '@/messages/account';

/** Below this width the menu covers the page, so it closes after each navigation. */
export const SIDEBAR_BREAKPOINT_PX = 1024;

const isWide = () => typeof window !== 'undefined' && window.matchMedia?.(`(min-width: ${SIDEBAR_BREAKPOINT_PX}px)`).matches === true;

const LINKS = [
  { to: '/user', label: 'dashboard', icon: LayoutDashboard },
  { to: '/user/my-orders', label: 'myOrders', icon: Package },
  { to: '/user/refund-request', label: 'refundRequest', icon: ReceiptText },
  { to: '/user/addresses', label: 'addresses', icon: MapPin },
  { to: '/user/profile', label: 'settings', icon: Settings },
  { to: '/', label: 'home', icon: House },
] as const;

const ITEM = 'flex min-h-11 w-full items-center gap-3 rounded-md px-3 text-base font-medium';

/**
 * The customer area: a collapsible side menu beside the current screen. `installApp` is the app's way of adding haat to
 * the home screen (the install button or the iOS hint), and `languageSwitch` the app's switch between English and
 * Bangla, both under the menu's links; they belong to the app, not to a feature.
 */
export function AccountLayout({ children, installApp, languageSwitch }: { children: ReactNode; installApp?: ReactNode; languageSwitch?: ReactNode }) {
  const text = useMessages(accountText);
  const menuId = useId();
  // Open from the start where there is room beside the page; closed on a phone, where it would cover it.
  const [open, setOpen] = useState(isWide);
  const signOut = useSignOut();

  const afterNavigate = () => {
    if (!isWide()) setOpen(false);
  };

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col lg:flex-row lg:items-start">
      <div className="border-b border-gray-200 px-4 py-2 lg:sticky lg:top-0 lg:border-b-0 lg:py-4 lg:pr-0">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen((value) => !value)}
          className="inline-flex min-h-11 items-center gap-2 rounded-md px-3 font-semibold text-gray-800 hover:bg-gray-100"
        >
          {open ? <X aria-hidden="true" className="size-5" /> : <Menu aria-hidden="true" className="size-5" />}
          {text.accountMenu}
        </button>
        <nav id={menuId} aria-label={text.accountNavigation} hidden={!open} className="mt-2 w-full lg:w-60">
          <ul className="flex flex-col gap-1">
            {LINKS.map(({ to, label, icon: Icon }) => (
              <li key={to}>
                {/* The router marks the active link with aria-current="page"; Home and Dashboard only on their own path. */}
                <Link
                  to={to}
                  onClick={afterNavigate}
                  activeOptions={{ exact: to === '/' || to === '/user' }}
                  activeProps={{ className: 'bg-brand-700 text-white' }}
                  inactiveProps={{ className: 'text-gray-800 hover:bg-gray-100' }}
                  className={ITEM}
                >
                  <Icon aria-hidden="true" className="size-5 shrink-0" />
                  {text[label]}
                </Link>
              </li>
            ))}
            <li>
              <button type="button" onClick={() => void signOut()} className={cn(ITEM, 'text-red-700 hover:bg-red-50')}>
                <LogOut aria-hidden="true" className="size-5 shrink-0" />
                {text.logout}
              </button>
            </li>
          </ul>
          {languageSwitch}
          {installApp}
        </nav>
      </div>
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
