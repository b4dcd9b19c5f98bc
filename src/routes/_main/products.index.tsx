import { createFileRoute } from '@tanstack/react-router';
import { loadFirstReads } from '@/app/first-reads';
import { categoriesQuery, subCategoriesQuery } from '@/features/catalogue/api';
import { productsQuery } from '@/lib/product-queries';
import { parseListingSearch, productListParams, resolveCategoryId } from '@/features/catalogue/lib/listing-search';
import { ProductListingPage } from '@/features/catalogue/pages/product-listing-page';
import { wishlistHeart } from '@/features/wishlist/components/wishlist-heart';

export const Route = createFileRoute('/_main/products/')({
  ssr: true,
  validateSearch: parseListingSearch,
  loaderDeps: ({ search }) => search,
  // The categories (which name the page and resolve a category given by name), this page of products and, for a
  // category, its sub-categories strip.
  loader: async ({ context: { queryClient }, deps: search }) => {
    await loadFirstReads(queryClient, [categoriesQuery(), productsQuery(productListParams(search))]);
    const categoryId = resolveCategoryId(search.category, queryClient.getQueryData(categoriesQuery().queryKey) ?? []);
    if (categoryId) await loadFirstReads(queryClient, [subCategoriesQuery(categoryId)]);
  },
  component: ProductsRoute,
});

function ProductsRoute() {
  const search = Route.useSearch();
  return <ProductListingPage search={search} cardAction={wishlistHeart} />;
}
