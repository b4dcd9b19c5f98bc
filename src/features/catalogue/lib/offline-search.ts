import type { QueryClient } from '@tanstack/react-query';
import type { Product, ProductList } from '@contract/catalogue';
import { queryWords, relevance, searchKeys, type SearchField } from '@contract/search';
import { productKeys } from '@/lib/product-queries';
import { resolveCategoryId, type ListingSearch } from './listing-search';

/**
 * Every product the query cache holds (the saved cache restored into it included): those of the lists and of the
 * product pages seen, each once, in its most recent answer. Drafts are never a shopper's to find.
 */
export function savedProducts(client: QueryClient): Product[] {
  const found = new Map<string, { product: Product; at: number }>();
  for (const query of client.getQueryCache().findAll({ queryKey: productKeys.all })) {
    const data = query.state.data as ProductList | Product | null | undefined;
    if (!data) continue;
    const products = 'data' in data && Array.isArray(data.data) ? data.data : '_id' in data ? [data] : [];
    for (const product of products) {
      const seen = found.get(product._id);
      if (product.status !== 'draft' && (!seen || seen.at < query.state.dataUpdatedAt)) found.set(product._id, { product, at: query.state.dataUpdatedAt });
    }
  }
  return [...found.values()].map(({ product }) => product);
}

const present = (texts: readonly (string | null)[]) => texts.filter((text): text is string => text !== null).join(' ');

/**
 * A saved product's keys by field, from what the product's answer carries: its names in both languages, its tags, its
 * category's names and its description in both languages. The server also counts the sub-categories' names, which
 * an answer carries only as ids.
 */
export function savedProductKeys(product: Product): Record<SearchField, string[]> {
  return {
    name: searchKeys(present([product.productName, product.productNameBn])),
    tags: searchKeys(product.searchTags.join(' ')),
    category: searchKeys(present([product.productCategory.categoryName, product.productCategory.categoryNameBn])),
    description: searchKeys(present([product.productDescription, product.productDescriptionBn])),
  };
}

/** Each saved product's keys, worked out once for every search of the visit (and dropped with the product). */
const savedKeys = new WeakMap<Product, Record<SearchField, string[]>>();
function keysOf(product: Product): Record<SearchField, string[]> {
  let keys = savedKeys.get(product);
  if (!keys) {
    keys = savedProductKeys(product);
    savedKeys.set(product, keys);
  }
  return keys;
}

/** The listing's filters besides the search, as the server applies them. */
function passesFilters(product: Product, search: ListingSearch): boolean {
  if (search.category) {
    const categoryId = resolveCategoryId(search.category, [product.productCategory]);
    if (categoryId !== product.productCategory._id) return false;
  }
  if (search.subCategory && product.productSubCategory !== search.subCategory) return false;
  if (search.subSubCategory && product.productSubSubCategory !== search.subSubCategory) return false;
  if (search.minPrice !== undefined && product.productPrice < search.minPrice) return false;
  if (search.maxPrice !== undefined && product.productPrice > search.maxPrice) return false;
  if (search.discount !== undefined && product.productDiscount < search.discount) return false;
  return true;
}

const newestFirst = (a: Product, b: Product) => b.createdAt.localeCompare(a.createdAt) || (b._id < a._id ? -1 : b._id > a._id ? 1 : 0);

/** The server's orders of a list, for the sorts a shopper can ask for. */
const BY_SORT: Record<NonNullable<ListingSearch['sortBy']>, (a: Product, b: Product) => number> = {
  newest: newestFirst,
  rating: (a, b) => b.productRating - a.productRating || b.reviewCount - a.reviewCount || newestFirst(a, b),
  sales: (a, b) => b.sales - a.sales || newestFirst(a, b),
  priceAsc: (a, b) => a.productPrice - b.productPrice || newestFirst(a, b),
  priceDesc: (a, b) => b.productPrice - a.productPrice || newestFirst(a, b),
};

/**
 * The saved products a listing's search finds, by the server's rules (contract/search.ts): every typed word must
 * meet the product exactly, by a word's start or within its typos; ordered by relevance, then sales, unless a sort is
 * asked for. The owner's shop words live on the server, so a word is met here only as it is spelt.
 */
export function searchSavedProducts(products: readonly Product[], search: ListingSearch): Product[] {
  const words = queryWords(search.search ?? '');
  if (words.length === 0) return [];
  const scored = products
    .filter((product) => passesFilters(product, search))
    .map((product) => ({ product, score: relevance(words, keysOf(product)) }))
    .filter(({ score }) => score > 0);
  const bySort = search.sortBy ? BY_SORT[search.sortBy] : undefined;
  scored.sort((a, b) => (bySort ? bySort(a.product, b.product) : b.score - a.score || b.product.sales - a.product.sales || newestFirst(a.product, b.product)));
  return scored.map(({ product }) => product);
}
