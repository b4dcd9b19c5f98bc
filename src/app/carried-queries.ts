import { partialMatchKey, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { Product, ProductList } from '@contract/catalogue';
import { productKeys } from '@/lib/product-queries';

/**
 * A first read as a rendered page carries it: its key, its answer and when that was read. Only what the browser's
 * cache needs to hold it: the page's first round trip on a slow link holds about 14 KB, and the query library's own
 * form carries a dozen counters and flags for each read.
 */
export type CarriedQuery = [queryKey: QueryKey, data: unknown, dataUpdatedAt: number];

/** The answers a page rendered on the server carries to the browser (the router dehydrates them into the page). */
export function carriedQueries(queryClient: QueryClient): CarriedQuery[] {
  return queryClient
    .getQueryCache()
    .getAll()
    .flatMap((query) =>
      query.state.status === 'success'
        ? [[query.queryKey, carriedAnswer(query.queryKey, query.state.data), query.state.dataUpdatedAt] satisfies CarriedQuery]
        : [],
    );
}

/**
 * A list of products is carried as its cards draw it: without each product's long texts (descriptions, details,
 * questions), which only the product's own page shows, from its own read. The page must arrive in its first round trip
 * (`npm run size` holds it to that), and those texts do not fit.
 */
function carriedAnswer(queryKey: QueryKey, data: unknown): unknown {
  if (!partialMatchKey(queryKey, productKeys.lists)) return data;
  const list = data as ProductList;
  return { ...list, data: list.data.map(asCard) };
}

function asCard(product: Product): Product {
  return { ...product, productDescription: '', productDescriptionBn: null, productDetails: [], productDetailsBn: [], faqs: [] };
}
