import { useQuery } from '@tanstack/react-query';
import { CategoryTile } from '@/components/category-tile';
import { OfflineNotice } from '@/components/offline-notice';
import { Skeleton } from '@/components/skeleton';
import { isWaitingForNetwork } from '@/lib/online';
import { categoriesQuery } from '../api';
import { nameIn } from '@contract/bangla-names';
import { useLocale, useMessages } from '@/i18n/react';
import { catalogueText } from '@/messages/catalogue';

/** The first 5 category images load at once, the others as they near the screen. */
const EAGER = 5;

/** Block 1 of the home page: round category pictures with names, scrolling sideways. */
export function CategoryStrip() {
  const result = useQuery(categoriesQuery());
  const { data: categories, isPending } = result;
  const list = categories ?? [];
  const text = useMessages(catalogueText);
  const locale = useLocale();
  if (isWaitingForNetwork(result)) return <OfflineNotice compact detail={text.categoriesNotSaved} />;
  if (!isPending && list.length === 0) return null;
  return (
    <section aria-labelledby="home-categories">
      <h2 id="home-categories" className="sr-only">
        {text.categories}
      </h2>
      <ul className="-mx-4 flex snap-x gap-3 overflow-x-auto px-4 pb-2 [scrollbar-width:thin] sm:gap-5">
        {isPending
          ? Array.from({ length: 8 }, (_, i) => (
              <li key={i} aria-hidden="true" className="flex w-24 shrink-0 flex-col items-center gap-2">
                <Skeleton className="size-24 rounded-full" />
                <div className="h-10 pt-0.5">
                  <Skeleton className="h-4 w-16" />
                </div>
              </li>
            ))
          : list.map((category, i) => (
              <li key={category._id} className="w-24 shrink-0 snap-start">
                <CategoryTile
                  id={category._id}
                  name={nameIn(locale, category.categoryName, category.categoryNameBn)}
                  image={category.categoryImage}
                  eager={i < EAGER}
                />
              </li>
            ))}
      </ul>
    </section>
  );
}
