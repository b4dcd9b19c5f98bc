import { Link, useNavigate, useRouterState, type LinkProps } from '@tanstack/react-router';
import { Heart, LogIn, LogOut, Search, ShoppingCart, Store, UserRound, type LucideIcon } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { cn } from '@/components/cn';
import { Logo, type LogoProp } from '@/components/logo';
import { cartCount, useCart } from '@/lib/cart';
import { useSession } from '@/lib/session';
import { useSignOut } from '@/lib/use-sign-out';
import { useFormat, useMessages } from '@/i18n/react';
import { appText } from '@/messages/app';
import { LanguageSwitch } from './language-switch';

/**
 * Icon over a short label on phones, side by side from 640 px; always at least 44 × 44 px. Narrower than 360 px the
 * items lose most of their side padding, so the logo and the four items still share one row.
 * The router marks the link of the current section with data-status="active" (and aria-current).
 */
const itemClass =
  'flex min-h-11 min-w-11 flex-col items-center justify-center gap-0.5 rounded-md px-0.5 text-xs font-medium min-[360px]:px-1.5 whitespace-nowrap text-gray-700 hover:bg-brand-50 hover:text-brand-800 data-[status=active]:bg-brand-50 data-[status=active]:text-brand-700 sm:flex-row sm:gap-2 sm:px-3 sm:text-sm';

/** `name` is the full accessible name where the visible label is shortened to fit a phone's bar. */
function NavItem({ to, icon: Icon, label, name }: { to: LinkProps['to']; icon: LucideIcon; label: string; name?: string }) {
  return (
    <Link to={to} className={itemClass} aria-label={name}>
      <Icon aria-hidden="true" className="size-5" />
      {label}
    </Link>
  );
}

/** An area of the back office: no route of the table (the page for unlisted paths opens it), so a plain path. */
const backOfficeAddress = (role: string): string => `/${role}`;

/** The cart with the number of units in it; the badge follows every save, also from other tabs. */
function CartLink() {
  const count = cartCount(useCart());
  const text = useMessages(appText);
  const format = useFormat();
  return (
    <Link to="/cart" aria-label={text.cartWithCount(count, format.count(count))} className={itemClass}>
      <span className="relative">
        <ShoppingCart aria-hidden="true" className="size-5" />
        {count > 0 && (
          <span
            aria-hidden="true"
            className="absolute -top-2 -right-2.5 min-w-5 rounded-full bg-brand-700 px-1 text-center text-[11px] leading-5 font-bold text-white"
          >
            {count > 99 ? `${format.count(99)}+` : format.count(count)}
          </span>
        )}
      </span>
      {text.cart}
    </Link>
  );
}

/** The box's suggestions: not part of the first visit, loaded when the box is first focused. */
const SearchSuggestions = lazy(() => import('./search-suggestions'));

/**
 * Product search: a full-width row under the bar on phones and tablets, inline from 1024 px. A new search starts from all
 * products (other filters are dropped); the box shows the term of the listing on screen.
 */
function SearchBox() {
  const id = useId();
  const text = useMessages(appText);
  const navigate = useNavigate();
  const box = useRef<HTMLInputElement>(null);
  const [suggesting, setSuggesting] = useState(false);
  const current = useRouterState({
    select: (state) => {
      const term = (state.location.search as { search?: unknown }).search;
      return state.location.pathname === '/products' && typeof term === 'string' ? term : '';
    },
  });
  return (
    // The browser's own submission (before the app has started, or without JavaScript) opens the same listing.
    <form
      role="search"
      action="/products"
      method="get"
      onSubmit={(event) => {
        event.preventDefault();
        const term = String(new FormData(event.currentTarget).get('search') ?? '').trim();
        void navigate({ to: '/products', search: term ? { search: term } : {} });
      }}
      className="relative flex min-w-0 flex-1"
    >
      <label htmlFor={id} className="sr-only">
        {text.searchLabel}
      </label>
      <input
        key={current}
        ref={box}
        id={id}
        onFocus={() => setSuggesting(true)}
        autoComplete="off"
        name="search"
        type="search"
        defaultValue={current}
        placeholder={text.searchPlaceholder}
        enterKeyHint="search"
        maxLength={100}
        className="min-h-11 min-w-0 flex-1 rounded-l-md border border-r-0 border-gray-300 px-3 text-base text-gray-900 placeholder:text-gray-600 focus:border-brand-700 focus-visible:outline-2 focus-visible:-outline-offset-1 focus-visible:outline-brand-700"
      />
      <button
        type="submit"
        aria-label={text.search}
        className="flex min-h-11 w-12 items-center justify-center rounded-r-md bg-brand-700 text-white hover:bg-brand-800"
      >
        <Search aria-hidden="true" className="size-5" />
      </button>
      {suggesting && (
        <Suspense>
          <SearchSuggestions key={current} input={box} />
        </Suspense>
      )}
    </form>
  );
}

export function Navbar({ logo }: { logo: LogoProp }) {
  const { user, token } = useSession();
  const text = useMessages(appText);
  const signOut = useSignOut();
  const [signingOut, setSigningOut] = useState(false);

  const logout = async () => {
    setSigningOut(true);
    try {
      await signOut();
    } finally {
      setSigningOut(false);
    }
  };

  return (
    <header className="sticky top-0 z-40 border-b border-gray-200 bg-white">
      <nav
        aria-label={text.mainNavigation}
        className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-1 gap-y-1.5 px-2 py-1.5 min-[360px]:gap-x-2 min-[360px]:px-3 sm:gap-y-2 sm:px-4 sm:py-2.5 lg:h-16 lg:flex-nowrap lg:py-0"
      >
        <Link to="/" aria-label={text.home} className="flex min-h-11 items-center rounded-md px-1">
          <Logo logo={logo} />
        </Link>
        {/* On phones a row of its own under the bar; inline from 1024 px. */}
        <div className="order-last flex w-full gap-1 lg:order-none lg:w-auto lg:max-w-md lg:min-w-0 lg:flex-1">
          <SearchBox />
          <LanguageSwitch />
        </div>
        <ul className="flex items-center gap-0.5 sm:gap-1">
          <li>
            <NavItem to="/products" icon={Store} label={text.products} />
          </li>
          <li>
            <NavItem to="/wishlist" icon={Heart} label={text.wishlistShort} name={text.wishlist} />
          </li>
          <li>
            <CartLink />
          </li>
          {user && token ? (
            <>
              <li>
                {/* Admins and sellers have the back office where customers have their account area. */}
                {user.role === 'user' ? (
                  <NavItem to="/user" icon={UserRound} label={text.account} name={text.myAccount} />
                ) : (
                  <Link to={backOfficeAddress(user.role)} className={itemClass}>
                    <UserRound aria-hidden="true" className="size-5" />
                    {user.role === 'admin' ? text.admin : text.seller}
                  </Link>
                )}
              </li>
              {/* On phones the bar has no room for it; the customer area's menu carries Logout there. */}
              <li className="hidden md:block">
                <button
                  type="button"
                  onClick={() => void logout()}
                  disabled={signingOut}
                  aria-busy={signingOut || undefined}
                  className={cn(itemClass, 'disabled:opacity-60')}
                >
                  <LogOut aria-hidden="true" className="size-5" />
                  {text.logout}
                </button>
              </li>
            </>
          ) : (
            <li>
              <NavItem to="/login" icon={LogIn} label={text.signIn} />
            </li>
          )}
        </ul>
      </nav>
    </header>
  );
}
