import { useQuery } from '@tanstack/react-query';
import { useHydrated } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { subCategoriesQuery } from '../../api';
import type { ListingSearch } from '../../lib/listing-search';
import { SubCategoryItems } from './sub-category-items';
import { useMessages } from '@/i18n/react';
import { catalogueText } from '@/messages/catalogue';

// keen-slider arrives in its own chunk; until then the same items sit in a plain row.
const SubCategorySlider = lazy(() => import('./sub-category-slider'));

/** The sub-categories of the selected category, as a self-scrolling strip above the results. */
export function SubCategoryStrip({ categoryId, search }: { categoryId: string; search: ListingSearch }) {
  const { data } = useQuery(subCategoriesQuery(categoryId));
  // The plain row is what the server draws and the page hydrates; the slider takes over in the browser.
  const hydrated = useHydrated();
  const text = useMessages(catalogueText);
  if (!data || data.length === 0) return null;
  const row = (
    <SubCategoryItems
      items={data}
      search={search}
      className="flex gap-3 overflow-hidden"
      itemClassName="w-[calc((100%-24px)/3)] shrink-0 sm:w-[calc((100%-48px)/5)] lg:w-[calc((100%-84px)/8)]"
    />
  );
  return (
    <nav aria-label={text.subCategoriesNav} className="mb-4">
      {hydrated ? (
        <Suspense fallback={row}>
          <SubCategorySlider items={data} search={search} />
        </Suspense>
      ) : (
        row
      )}
    </nav>
  );
}
