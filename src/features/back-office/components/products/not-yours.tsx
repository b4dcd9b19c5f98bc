import { SearchX } from 'lucide-react';
import { buttonClassName } from '@/components/button';
import { useMessages } from '@/i18n/react';
import { backOfficeCatalogueText } from '@/messages/back-office-catalogue';
import { ScreenLink } from '../screen-link';
import type { Area } from '../../lib/screens';

/** What the editor shows for a product the server does not have, or one the signed-in seller does not own. */
export function NotYours({ area }: { area: Area }) {
  const text = useMessages(backOfficeCatalogueText);
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center px-4 py-12 text-center">
      <SearchX aria-hidden="true" className="size-12 text-gray-500" />
      <h2 className="mt-3 text-xl font-bold text-gray-900">{text.notFoundTitle}</h2>
      <p className="mt-1 text-gray-700">{text.notFoundDetail}</p>
      <ScreenLink area={area} path="products" className={buttonClassName('primary', 'mt-6')}>
        {text.backToProducts}
      </ScreenLink>
    </div>
  );
}
