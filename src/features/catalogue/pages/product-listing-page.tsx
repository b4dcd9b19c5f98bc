import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Button, buttonClassName } from '@/components/button';
import { cn } from '@/components/cn';
import { OfflineNotice } from '@/components/offline-notice';
import { Skeleton } from '@/components/skeleton';
import { PageHead } from '@/components/page-head';
import { isWaitingForNetwork } from '@/lib/online';
import { PAGE_SIZE } from '@contract/catalogue-constants';
import { productsQuery } from '@/lib/product-queries';
import { categoriesQuery } from '../api';
import { BrowseCategories } from '../components/listing/browse-categories';
import { FilterPanel } from '../components/listing/filter-panel';
import { FilterSheet } from '../components/listing/filter-sheet';
import { SortSelect } from '../components/listing/sort-select';
import { SubCategoryStrip } from '../components/listing/sub-category-strip';
import { ProductGrid, ProductGridSkeleton, type CardAction } from '../components/product-grid';
import { ProductsEmpty, ProductsError } from '../components/product-states';
import { activeFilterCount, clearAllFilters, DEFAULT_SORT, withPage, withSort } from '../lib/listing-changes';
import { listingHead } from '../lib/listing-head';
import { productListParams, resolveCategoryId, type ListingSearch } from '../lib/listing-search';
import { DESKTOP_QUERY, useMediaQuery } from '../lib/use-media-query';
import { useFormat, useLocale, useMessages } from '@/i18n/react';
import { catalogueText } from '@/messages/catalogue';

/** The server's own words; 'Request failed' is what the API client says when the answer carried none. */
function serverMessage(error: Error): string | undefined {
  return error.message && error.message !== 'Request failed' ? error.message : undefined;
}

/** The search over saved products, loaded only when a search waits for a connection. */
const OfflineSearchResults = lazy(() => import('../components/offline-search-results').then((module) => ({ default: module.OfflineSearchResults })));

/** 8 skeleton cards while the listing loads. */
const SKELETON_CARDS = 8;

function Pagination({ search, page, pages }: { search: ListingSearch; page: number; pages: number }) {
  const link = 'px-3 sm:min-w-28';
  const text = useMessages(catalogueText);
  const format = useFormat();
  // Below 640 px the three do not fit on one line of a 320 px screen: where they are is said on a line above the buttons.
  return (
    <nav aria-label={text.pagination} className="flex flex-wrap items-center justify-between gap-2 pt-2">
      {/* A new page starts at the top: the router resets the scroll position on these navigations. */}
      <Link
        to="/products"
        search={withPage(search, page - 1)}
        disabled={page <= 1}
        className={buttonClassName('secondary', cn(link, page <= 1 && 'pointer-events-none opacity-50'))}
      >
        <ChevronLeft aria-hidden="true" className="size-4" />
        {text.previous}
      </Link>
      <p className="order-first w-full text-center text-sm font-medium whitespace-nowrap text-gray-800 sm:order-none sm:w-auto">
        {text.pageOfPages(format.count(page), format.count(pages))}
      </p>
      <Link
        to="/products"
        search={withPage(search, page + 1)}
        disabled={page >= pages}
        className={buttonClassName('secondary', cn(link, page >= pages && 'pointer-events-none opacity-50'))}
      >
        {text.next}
        <ChevronRight aria-hidden="true" className="size-4" />
      </Link>
    </nav>
  );
}

/**
 * A search that matched nothing answered with the closest query that matches: which one, and a link to the search as
 * typed (which then answers nothing, with the hints).
 */
function CorrectedSearch({ search, typed, corrected }: { search: ListingSearch; typed: string; corrected: string }) {
  const text = useMessages(catalogueText);
  return (
    <div className="mb-2 text-gray-900">
      <p className="text-lg">
        {text.showingResultsFor} <strong className="font-semibold italic">{corrected}</strong>
      </p>
      <p className="text-sm">
        {text.searchInsteadFor}{' '}
        <Link
          to="/products"
          search={{ ...search, asTyped: true, page: undefined }}
          className="inline-flex min-h-11 items-center font-medium break-all text-brand-700 underline hover:text-brand-800"
        >
          {typed}
        </Link>
      </p>
    </div>
  );
}

/** /products: the filterable, paged product listing; every filter lives in the URL (`search`). */
export function ProductListingPage({ search, cardAction }: { search: ListingSearch; cardAction?: CardAction }) {
  const navigate = useNavigate();
  const text = useMessages(catalogueText);
  const format = useFormat();
  const locale = useLocale();
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const categories = useQuery(categoriesQuery());
  const products = useQuery({ ...productsQuery(productListParams(search)), placeholderData: keepPreviousData });
  const categoryId = resolveCategoryId(search.category, categories.data ?? []);
  const head = listingHead(search, categories.data ?? [], text, locale);
  const { title } = head;

  // Filter changes keep the shopper's place in the panel; only a new page scrolls to the top.
  const setSearch = (next: ListingSearch) => void navigate({ to: '/products', search: next, resetScroll: false });
  const count = activeFilterCount(search);
  // The previous page's list (a placeholder) is not this one: offline, it would stay dimmed for good.
  const offline = isWaitingForNetwork(products);
  const list = offline ? undefined : products.data;
  // A list seen before stays on screen when a later read fails; the error card is for having nothing to show.
  const failed = products.isError && !list;

  const panel = <FilterPanel search={search} categories={categories} categoryId={categoryId} onChange={setSearch} />;

  let results;
  if (offline) {
    results = search.search ? <OfflineSearchResults search={search} cardAction={cardAction} /> : <OfflineNotice />;
  } else if (products.isPending) {
    results = <ProductGridSkeleton count={SKELETON_CARDS} columns="three" />;
  } else if (failed) {
    results = (
      <ProductsError detail={serverMessage(products.error) ?? text.unknownError}>
        <Button className="mt-2" onClick={() => window.location.reload()}>
          {text.retry}
        </Button>
      </ProductsError>
    );
  } else if (list && list.data.length === 0) {
    results = (
      <ProductsEmpty>
        <ul className="list-inside list-disc text-left text-sm text-gray-700">
          <li>{text.hintSpelling}</li>
          <li>{text.hintPrice}</li>
          <li>{text.hintCategory}</li>
        </ul>
        {/* With only a search term left, there is nothing else to clear: then it clears the search too. */}
        <Button variant="secondary" className="mt-2" onClick={() => setSearch(count > 0 ? clearAllFilters(search) : {})}>
          {text.clearFilters}
        </Button>
      </ProductsEmpty>
    );
  } else if (list) {
    results = (
      <div aria-busy={products.isPlaceholderData || undefined} className={cn('transition-opacity', products.isPlaceholderData && 'opacity-60')}>
        <ProductGrid products={list.data} cardAction={cardAction} columns="three" priorityCount={2} label={text.products} />
        {list.pages > 1 && <Pagination search={search} page={list.page} pages={list.pages} />}
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-4 sm:py-6">
      <PageHead {...head} />
      <div className="mb-4 flex flex-wrap items-center gap-3">
        {desktop && <BrowseCategories categories={categories.data} />}
        <h1 className="text-xl font-bold text-gray-900 sm:text-2xl">{title}</h1>
      </div>
      {categoryId && <SubCategoryStrip categoryId={categoryId} search={search} />}
      <div className="flex gap-6">
        {desktop && (
          <aside aria-labelledby="listing-filters" className="w-1/4 shrink-0">
            <h2 id="listing-filters" className="sr-only">
              {text.filters}
            </h2>
            {panel}
          </aside>
        )}
        <section aria-labelledby="listing-results" className="min-w-0 flex-1">
          {/* Product cards' names are h3: the outline goes h1 → h2 → h3 on phones too, where the filters have no heading. */}
          <h2 id="listing-results" className="sr-only">
            {text.results}
          </h2>
          <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
            {list ? (
              <div>
                {list.correctedSearch !== undefined && search.search && (
                  <CorrectedSearch search={search} typed={search.search} corrected={list.correctedSearch} />
                )}
                <p aria-live="polite" className="font-medium text-gray-900">
                  {text.resultsSummary(
                    format.count(list.count),
                    format.count(list.total),
                    list.correctedSearch ?? search.search,
                    search.discount ? format.count(search.discount) : undefined,
                  )}
                </p>
                <p className="text-sm text-gray-600">{text.pageSummary(format.count(list.page), format.count(PAGE_SIZE))}</p>
              </div>
            ) : products.isPending && !offline ? (
              <div aria-hidden="true" className="space-y-1 py-0.5">
                <Skeleton className="h-5 w-56" />
                <Skeleton className="h-4 w-32" />
              </div>
            ) : (
              <span />
            )}
            <div className="flex flex-wrap items-center gap-3">
              <SortSelect value={search.sortBy ?? DEFAULT_SORT} onChange={(sortBy) => setSearch(withSort(search, sortBy))} />
              {!desktop && (
                <FilterSheet count={count} resultsLabel={list ? text.showCount(list.total, format.count(list.total)) : text.showProducts}>
                  {panel}
                </FilterSheet>
              )}
            </div>
          </div>
          {/* A Suspense boundary: hydrated on its own, after the page's frame (see the home page). */}
          <Suspense>{results}</Suspense>
        </section>
      </div>
    </div>
  );
}
