import type { QueryClient } from '@tanstack/react-query';
import { productIn } from '@contract/bangla-names';
import type { Locale } from '@contract/locale';
import type { ShellPage } from '@contract/page-document';
import { pageHeadMarkup, type PageHeadProps } from '@/components/page-head';
import { categoriesQuery } from '@/features/catalogue/api';
import { homeHead } from '@/features/catalogue/lib/home-head';
import { listingHead } from '@/features/catalogue/lib/listing-head';
import type { ListingSearch } from '@/features/catalogue/lib/listing-search';
import { productHead } from '@/features/product/lib/product-head';
import { productQuery } from '@/lib/product-queries';
import { appText } from '@/messages/app';
import { catalogueText } from '@/messages/catalogue';
import { productText } from '@/messages/product';
import { shopText } from '@/messages/shop';

/** What the shell needs of a matched route: which page it is, with its parameters and search. */
export type ShellMatch = { routeId: string; params: Record<string, string>; search: unknown; status?: string };

/**
 * The shell in place of a page: the head the page itself would set, from the same rules (homeHead, listingHead,
 * productHead, PageHead's tags) and the data the query client holds, without rendering; and the "needs JavaScript"
 * notice in the page's language. Without its data yet (a product not read), a page gets the shop's own head.
 */
export async function shellPage(
  matches: readonly ShellMatch[],
  queryClient: QueryClient,
  { locale, origin, unknownPath }: { locale: Locale; origin: string; unknownPath: boolean },
): Promise<ShellPage> {
  const [shop, app] = await Promise.all([shopText.load(locale), appText.load(locale)]);
  const leaf = matches.at(-1);
  const notFound = unknownPath || matches.some((match) => match.status === 'notFound');
  let head: PageHeadProps = {};
  let structuredData: object | undefined;
  if (notFound || !leaf) {
    head = { title: shop.notFoundTitle };
  } else if (leaf.routeId === '/_main/') {
    ({ head, structuredData } = homeHead(origin));
  } else if (leaf.routeId === '/_main/products/') {
    head = listingHead(leaf.search as ListingSearch, queryClient.getQueryData(categoriesQuery().queryKey) ?? [], await catalogueText.load(locale), locale);
  } else if (leaf.routeId === '/_main/products/$id') {
    const text = await productText.load(locale);
    const product = queryClient.getQueryData(productQuery(leaf.params.id ?? '').queryKey);
    if (product) ({ head, structuredData } = productHead(productIn(locale, product), { text, locale, origin }));
    else if (product === null) head = { title: text.notFound };
  } else if (leaf.routeId === '/unauthorized') {
    head = { title: shop.unauthorizedTitle };
  }
  return { head: pageHeadMarkup(head, { text: shop, locale, origin }, structuredData), needsJavaScript: app.needsJavaScript };
}
