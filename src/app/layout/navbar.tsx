import { Link, type LinkProps } from '@tanstack/react-router';
import { Heart, LogIn, LogOut, Store, UserRound, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/components/cn';
import { useSession } from '@/lib/session';
import { useSignOut } from '@/lib/use-sign-out';
import { Logo, type LogoProp } from './logo';

/**
 * Icon over a short label on phones, side by side from 640 px; always at least 44 × 44 px.
 * The router marks the link of the current section with data-status="active" (and aria-current).
 */
const itemClass =
  'flex min-h-11 min-w-11 flex-col items-center justify-center gap-0.5 rounded-md px-1.5 text-xs font-medium whitespace-nowrap text-gray-700 hover:bg-brand-50 hover:text-brand-800 data-[status=active]:bg-brand-50 data-[status=active]:text-brand-700 sm:flex-row sm:gap-2 sm:px-3 sm:text-sm';

function NavItem({ to, icon: Icon, label }: { to: LinkProps['to']; icon: LucideIcon; label: string }) {
  return (
    <Link to={to} className={itemClass}>
      <Icon aria-hidden="true" className="size-5" />
      {label}
    </Link>
  );
}

export function Navbar({ logo }: { logo: LogoProp }) {
  const { user, token } = useSession();
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
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-3 sm:px-4">
        <Link to="/" aria-label="haat home" className="flex min-h-11 items-center rounded-md px-1">
          <Logo logo={logo} />
        </Link>
        <ul className="flex items-center gap-0.5 sm:gap-1">
          <li>
            <NavItem to="/products" icon={Store} label="Products" />
          </li>
          <li>
            <NavItem to="/wishlist" icon={Heart} label="Wishlist" />
          </li>
          {user && token ? (
            <>
              <li>
                <NavItem to="/user" icon={UserRound} label="My Account" />
              </li>
              <li>
                <button type="button" onClick={() => void logout()} disabled={signingOut} aria-busy={signingOut || undefined} className={cn(itemClass, 'disabled:opacity-60')}>
                  <LogOut aria-hidden="true" className="size-5" />
                  Logout
                </button>
              </li>
            </>
          ) : (
            <li>
              <NavItem to="/login" icon={LogIn} label="Sign in" />
            </li>
          )}
        </ul>
      </nav>
    </header>
  );
}
