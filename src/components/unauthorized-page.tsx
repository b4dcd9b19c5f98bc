import { Link } from '@tanstack/react-router';
import { ShieldAlert } from 'lucide-react';
import { useMessages } from '@/i18n/react';
import { shopText } from '@/messages/shop';
import { buttonClassName } from './button';
import { PageHead } from './page-head';

/** Where a guard sends someone signed in without the role a page needs. */
export function UnauthorizedPage() {
  const text = useMessages(shopText);
  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-4 py-16 text-center">
      <PageHead title={text.unauthorizedTitle} />
      <ShieldAlert aria-hidden="true" className="size-16 text-brand-700" />
      <h1 className="mt-4 text-2xl font-bold text-gray-900">{text.unauthorizedTitle}</h1>
      <p className="mt-2 text-gray-700">{text.unauthorizedText}</p>
      <Link to="/" className={buttonClassName('primary', 'mt-8')}>
        {text.goHome}
      </Link>
    </div>
  );
}
