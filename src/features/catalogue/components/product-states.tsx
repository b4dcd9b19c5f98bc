import { PackageSearch, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { OfflineNotice } from '@/components/offline-notice';
import { useMessages } from '@/i18n/react';
import { catalogueText } from '@/messages/catalogue';

/** 'Error loading products' with a detail line (the home blocks say 'Please try again later'). */
export function ProductsError({ detail, children }: { detail?: string; children?: ReactNode }) {
  const text = useMessages(catalogueText);
  return (
    <div role="alert" className="flex flex-col items-center gap-2 rounded-lg border border-red-200 bg-red-50 px-4 py-10 text-center">
      <TriangleAlert aria-hidden="true" className="size-8 text-red-700" />
      <p className="text-lg font-semibold text-red-800">{text.errorLoading}</p>
      <p className="text-sm text-red-800">{detail ?? text.tryLater}</p>
      {children}
    </div>
  );
}

/** 'No products found', with hints and actions where the page has them. */
export function ProductsEmpty({ children }: { children?: ReactNode }) {
  const text = useMessages(catalogueText);
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-gray-200 px-4 py-10 text-center">
      <PackageSearch aria-hidden="true" className="size-8 text-gray-500" />
      <p className="text-lg font-semibold text-gray-900">{text.noProducts}</p>
      {children}
    </div>
  );
}

/** Products never loaded here, and no connection to load them. */
export function ProductsOffline() {
  const text = useMessages(catalogueText);
  return <OfflineNotice compact detail={text.productsNotSaved} />;
}
