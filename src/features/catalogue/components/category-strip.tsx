import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { OfflineNotice } from '@/components/offline-notice';
import { Skeleton } from '@/components/skeleton';
import { imageSrcSet, imageUrl } from '@/lib/image-url';
import { isWaitingForNetwork } from '@/lib/online';
import { categoriesQuery } from '../api';

/** The first 5 category images load at once, the others as they near the screen. */
const EAGER = 5;
const SIZE = 96;

/** Block 1 of the home page: round category pictures with names, scrolling sideways. */
export function CategoryStrip() {
  const result = useQuery(categoriesQuery());
  const { data: categories, isPending } = result;
  const list = categories ?? [];
  if (isWaitingForNetwork(result)) return <OfflineNotice compact detail="The categories have not been saved for offline use." />;
  if (!isPending && list.length === 0) return null;
  return (
    <section aria-labelledby="home-categories">
      <h2 id="home-categories" className="sr-only">
        Categories
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
                <Link
                  to="/products"
                  search={{ category: category._id }}
                  className="group flex flex-col items-center gap-2 rounded-lg text-center text-sm font-medium text-gray-800 hover:text-brand-700"
                >
                  <img
                    src={imageUrl(category.categoryImage, SIZE)}
                    srcSet={imageSrcSet(category.categoryImage, SIZE)}
                    alt=""
                    width={SIZE}
                    height={SIZE}
                    loading={i < EAGER ? 'eager' : 'lazy'}
                    // Beside the first banner, the page's largest picture, they leave the link to it first; a page the server
                    // rendered has them in its markup, so no preload hint is needed to start them early.
                    fetchPriority="low"
                    decoding="async"
                    className="size-24 rounded-full bg-gray-100 object-cover ring-brand-700 transition group-hover:ring-2"
                  />
                  <span className="line-clamp-2 min-h-10 leading-5">{category.categoryName}</span>
                </Link>
              </li>
            ))}
      </ul>
    </section>
  );
}
