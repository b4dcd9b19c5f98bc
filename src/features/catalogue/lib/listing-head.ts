import type { Category } from '@contract/catalogue';
import type { PageHeadProps } from '@/components/page-head';
import type catalogueEn from '@/messages/catalogue/en';
import { listingPath } from './listing-changes';
import { resolveCategoryId, type ListingSearch } from './listing-search';

/**
 * The listing's head: titled by its category (given by id or name), else 'Products', with its canonical address. The
 * one rule for it, whether the page is rendered or the server answers the shell.
 */
export function listingHead(
  search: ListingSearch,
  categories: readonly Pick<Category, '_id' | 'categoryName'>[],
  text: Pick<typeof catalogueEn, 'products' | 'listingDescription'>,
): PageHeadProps & { title: string } {
  const categoryId = resolveCategoryId(search.category, categories);
  const title = categories.find((category) => category._id === categoryId)?.categoryName ?? text.products;
  return { title, description: text.listingDescription(title), path: listingPath(search) };
}
