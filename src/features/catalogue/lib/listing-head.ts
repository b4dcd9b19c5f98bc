import { nameIn } from '@contract/bangla-names';
import type { Category } from '@contract/catalogue';
import type { Locale } from '@contract/locale';
import type { PageHeadProps } from '@/components/page-head';
import type catalogueEn from '@/messages/catalogue/en';
import { listingPath } from './listing-changes';
import { resolveCategoryId, type ListingSearch } from './listing-search';

/**
 * The listing's head: titled by its category (given by id or name; in Bangla where it has a Bangla name on a Bangla
 * page), else 'Products', with its canonical address. The
 * one rule for it, whether the page is rendered or the server answers the shell.
 */
export function listingHead(
  search: ListingSearch,
  categories: readonly (Pick<Category, '_id' | 'categoryName'> & Partial<Pick<Category, 'categoryNameBn'>>)[],
  text: Pick<typeof catalogueEn, 'products' | 'listingDescription'>,
  locale: Locale,
): PageHeadProps & { title: string } {
  const categoryId = resolveCategoryId(search.category, categories);
  const category = categories.find((known) => known._id === categoryId);
  const title = category ? nameIn(locale, category.categoryName, category.categoryNameBn) : text.products;
  return { title, description: text.listingDescription(title), path: listingPath(search) };
}
