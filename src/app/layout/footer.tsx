import { Link, type LinkProps } from '@tanstack/react-router';
import { InstallApp } from '@/app/pwa/install-app';
import { Logo, type LogoProp } from '@/components/logo';
import { useMessages } from '@/i18n/react';
import { appText } from '@/messages/app';

export function Footer({ logo }: { logo: LogoProp }) {
  const text = useMessages(appText);
  const links: { to: LinkProps['to']; label: string }[] = [
    { to: '/products', label: text.products },
    { to: '/user', label: text.myAccount },
    { to: '/wishlist', label: text.wishlist },
  ];
  return (
    <footer className="border-t border-gray-200 bg-gray-50 text-gray-700">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:grid-cols-2">
        <div>
          <Link to="/" aria-label={text.home} className="inline-flex min-h-11 items-center rounded-md">
            <Logo logo={logo} />
          </Link>
          <p className="mt-2 max-w-xs text-sm">{text.footerAbout}</p>
          <InstallApp />
        </div>
        <nav aria-label={text.footerNavigation}>
          <ul className="flex flex-col sm:items-end">
            {links.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="border-t border-gray-200 px-4 py-4 text-center text-sm">© haat</p>
    </footer>
  );
}
