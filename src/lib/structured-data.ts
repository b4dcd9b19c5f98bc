import type { Product } from '@contract/catalogue';

/**
 * schema.org descriptions of the shop and its products (JSON-LD), for search engines. Addresses are absolute, on
 * `origin` (the shop's public address); prices are in taka (BDT), as the shop charges them.
 */

const SHOP_NAME = 'haat';
const SHOP_LOGO = '/icons/icon-512.png';

/** A description for search results and previews: at most `length` characters, cut at a word. */
export function summary(text: string, length = 160): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= length) return clean;
  const cut = clean.slice(0, length - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), length / 2))}…`;
}

/**
 * A product's description for search results and share previews: what it is and what it costs, in taka, in the page's
 * language (`lead` words it, `taka` writes the amount), then the seller's own description.
 */
export function productDescription(
  product: Pick<Product, 'productName' | 'productPrice' | 'productDescription' | 'quantity'>,
  lead: (name: string, price: string) => string,
  taka: (amount: number) => string,
): string {
  const price = `${taka(product.productPrice)}${product.quantity ? ` / ${product.quantity}` : ''}`;
  return summary(`${lead(product.productName, price)} ${product.productDescription}`);
}

/** The home page's: the shop itself, and its site with the product search. */
export function shopStructuredData(origin: string): object {
  return {
    '@context': 'https://schema.org',
    '@graph': [
      { '@type': 'Organization', '@id': `${origin}/#organization`, name: SHOP_NAME, url: `${origin}/`, logo: `${origin}${SHOP_LOGO}` },
      {
        '@type': 'WebSite',
        '@id': `${origin}/#website`,
        name: SHOP_NAME,
        url: `${origin}/`,
        publisher: { '@id': `${origin}/#organization` },
        potentialAction: {
          '@type': 'SearchAction',
          target: { '@type': 'EntryPoint', urlTemplate: `${origin}/products?search={search_term_string}` },
          'query-input': 'required name=search_term_string',
        },
      },
    ],
  };
}

function breadcrumbList(origin: string, crumbs: { name: string; path: string }[]): object {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, i) => ({ '@type': 'ListItem', position: i + 1, name: crumb.name, item: `${origin}${crumb.path}` })),
  };
}

/**
 * A product page's: the product with its offer (price in BDT, availability from the stock), its rating once it has
 * reviews, and the breadcrumb trail to it.
 */
export function productStructuredData(origin: string, product: Product, images: string[], crumbs: { home: string; products: string }): object {
  const path = `/products/${encodeURIComponent(product._id)}`;
  const category = product.productCategory;
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'Product',
        '@id': `${origin}${path}#product`,
        name: product.productName,
        description: summary(product.productDescription, 5000),
        sku: product.sku ?? product._id,
        url: `${origin}${path}`,
        ...(images.length > 0 ? { image: images } : {}),
        ...(category?.categoryName ? { category: category.categoryName } : {}),
        offers: {
          '@type': 'Offer',
          url: `${origin}${path}`,
          price: product.productPrice.toFixed(2),
          priceCurrency: 'BDT',
          availability: product.remainingProducts > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
          ...(product.OwnerId?.name ? { seller: { '@type': 'Organization', name: product.OwnerId.name } } : {}),
        },
        ...(product.reviewCount > 0
          ? {
              aggregateRating: {
                '@type': 'AggregateRating',
                ratingValue: Math.round(product.productRating * 10) / 10,
                reviewCount: product.reviewCount,
                bestRating: 5,
                worstRating: 1,
              },
            }
          : {}),
      },
      // The trail the page shows: Home › Products › the product.
      breadcrumbList(origin, [
        { name: crumbs.home, path: '/' },
        { name: crumbs.products, path: '/products' },
        { name: product.productName, path },
      ]),
    ],
  };
}
