import type { Product } from '@contract/catalogue';
import type { Locale } from '@contract/locale';
import { formatTaka } from '@contract/money';
import { shareImageUrl, type PageHeadProps } from '@/components/page-head';
import { productDescription, productStructuredData } from '@/lib/structured-data';
import type productEn from '@/messages/product/en';

/**
 * A product page's head: its name as the title, a description with its price, its first picture to share, and its
 * structured data, written by the server alone (the code that builds it never ships to the browser). The one rule for
 * it, whether the page is rendered or the server answers the shell.
 */
export function productHead(
  product: Product,
  { text, locale, origin }: { text: typeof productEn; locale: Locale; origin: string },
): { head: PageHeadProps; structuredData: object | undefined } {
  const [image] = product.productImages;
  return {
    head: {
      title: product.productName,
      description: productDescription(product, text.metaDescription, (amount) => formatTaka(amount, locale)),
      path: `/products/${encodeURIComponent(product._id)}`,
      type: 'product',
      image: image ? { url: image, alt: product.productName } : undefined,
    },
    structuredData: import.meta.env.SSR
      ? productStructuredData(
          origin,
          product,
          product.productImages.map((url) => shareImageUrl(origin, url)),
          text,
        )
      : undefined,
  };
}
