import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowLeft, ChevronRight } from 'lucide-react';
import { memo, Suspense, type ReactNode } from 'react';
import { productIn } from '@contract/bangla-names';
import type { Product } from '@contract/catalogue';
import { pricesDiffer } from '@contract/variants';
import { buttonClassName } from '@/components/button';
import { OfflineNotice } from '@/components/offline-notice';
import { PriceUpdatedNote, usePriceUpdated } from '@/components/price-updated';
import { Spinner } from '@/components/spinner';
import { Stars } from '@/components/stars';
import { WhenNear } from '@/components/when-near';
import { JsonLd, PageHead } from '@/components/page-head';
import { ApiError } from '@/lib/api';
import { isWaitingForNetwork } from '@/lib/online';
import { pageContext } from '@/lib/page-context';
import { productQuery } from '@/lib/product-queries';
import { Gallery } from '../components/gallery';
import { ProductTabs } from '../components/product-tabs';
import { PurchaseOptions } from '../components/purchase-options';
import { RelatedProducts } from '../components/related-products';
import { ShareButton } from '../components/share-button';
import { productHead } from '../lib/product-head';
import { useFormat, useLocale, useMessages } from '@/i18n/react';
import { productText } from '@/messages/product';

export type ProductDetailPageProps = {
  id: string;
  /** The wishlist heart for this product (composed by the route: features do not import each other). */
  wishlistButton?: (product: Product) => ReactNode;
  /** Drawn over each related product's card, e.g. its wishlist heart. */
  cardAction?: (product: Product) => ReactNode;
};

/**
 * How near the related products must come before they are asked for: on a phone they sit about one and a half
 * screens down, under the tabs, so the page starts without them; a shopper scrolling down meets their loading cards
 * for the moment the list takes.
 */
const RELATED_ROOT_MARGIN = '300px';

/**
 * Below the fold: the related products are asked for, and drawn, when they near the screen, not while the page
 * starts (a list call, its pictures and a render of eight cards a shopper who buys at once never sees). Memoised: a
 * section waiting to be hydrated must not be handed new props while the page starts (see WhenNear).
 */
const RelatedWhenNear = memo(function RelatedWhenNear({ product, cardAction }: { product: Product; cardAction?: (product: Product) => ReactNode }) {
  return (
    <WhenNear rootMargin={RELATED_ROOT_MARGIN}>
      <RelatedProducts product={product} cardAction={cardAction} />
    </WhenNear>
  );
});
/** /products/{id}: gallery, price and buying options, tabs with reviews, related products. */
export function ProductDetailPage({ id, wishlistButton, cardAction }: ProductDetailPageProps) {
  // A failure of the server's own with nothing to show is not 'not found': the error screen offers Try again and the
  // request's id for support.
  const result = useQuery({ ...productQuery(id), throwOnError: (failure, query) => isServerFailure(failure) && query.state.data === undefined });
  const { data: product, isPending, error } = result;
  const text = useMessages(productText);
  const locale = useLocale();

  if (isWaitingForNetwork(result)) {
    return (
      <>
        <PageHead />
        <OfflineNotice heading="h1" />
      </>
    );
  }
  if (isPending) {
    return (
      <div className="flex min-h-[60vh] items-center justify-center">
        <PageHead />
        <Spinner label={text.loadingProduct} className="size-10 text-brand-700" />
      </div>
    );
  }
  if (!product) return <ProductNotFound error={error} />;
  // Keyed by product so choices, gallery position and failed images start afresh on another product.
  return <ProductDetail key={product._id} product={productIn(locale, product)} wishlistButton={wishlistButton} cardAction={cardAction} />;
}

const isServerFailure = (error: Error) => error instanceof ApiError && error.status >= 500;

function ProductNotFound({ error }: { error: Error | null }) {
  // A missing product says only that; any other failure (e.g. offline, with nothing cached) also says why.
  const reason = error instanceof ApiError && error.status !== 404 ? error.message : null;
  const text = useMessages(productText);
  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-4 py-16 text-center">
      <PageHead title={text.notFound} />
      <h1 className="text-2xl font-bold text-gray-900">{text.notFound}</h1>
      {reason && <p className="mt-2 text-gray-700">{reason}</p>}
      <Link to="/products" className={buttonClassName('primary', 'mt-6')}>
        <ArrowLeft aria-hidden="true" className="size-5" />
        {text.backToProducts}
      </Link>
    </div>
  );
}

function Breadcrumb({ name }: { name: string }) {
  const linkClass = 'inline-flex min-h-11 items-center text-brand-700 underline-offset-2 hover:underline';
  const text = useMessages(productText);
  return (
    <nav aria-label={text.breadcrumb} className="text-sm">
      <ol className="flex min-w-0 items-center gap-1 text-gray-700">
        <li>
          <Link to="/" className={linkClass}>
            {text.home}
          </Link>
        </li>
        <li aria-hidden="true">
          <ChevronRight className="size-4" />
        </li>
        <li>
          <Link to="/products" className={linkClass}>
            {text.products}
          </Link>
        </li>
        <li aria-hidden="true">
          <ChevronRight className="size-4" />
        </li>
        <li className="min-w-0 truncate">
          <span aria-current="page">{name}</span>
        </li>
      </ol>
    </nav>
  );
}

/** The product's title, description with its price, share picture and structured data. */
function ProductHead({ product }: { product: Product }) {
  const { head, structuredData } = productHead(product, { text: useMessages(productText), locale: useLocale(), origin: pageContext().origin });
  return (
    <>
      <PageHead {...head} />
      <JsonLd data={structuredData} />
    </>
  );
}

type ProductDetailProps = Omit<ProductDetailPageProps, 'id'> & { product: Product };

function ProductDetail({ product, wishlistButton, cardAction }: ProductDetailProps) {
  const discounted = product.productDiscount > 0 && product.productOriginalPrice > product.productPrice;
  const saving = product.productOriginalPrice - product.productPrice;
  const priceUpdated = usePriceUpdated(product.productPrice);
  const text = useMessages(productText);
  const format = useFormat();
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-2 md:py-4">
      <ProductHead product={product} />
      <Breadcrumb name={product.productName} />
      <div className="mt-2 grid gap-6 md:grid-cols-2 md:gap-8">
        {/* The gallery, the purchase options, the share row and the tabs hydrate on their own (see the home page). */}
        <Suspense>
          <Gallery images={product.productImages} video={product.video} name={product.productName} />
        </Suspense>

        <div className="flex min-w-0 flex-col gap-5">
          <div>
            <h1 className="text-xl font-bold break-words text-gray-900 sm:text-2xl">{product.productName}</h1>
            <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-gray-700">
              <Stars rating={product.productRating} size="md" />
              <span>{text.reviewCount(product.reviewCount, format.count(product.reviewCount))}</span>
              <span aria-hidden="true">·</span>
              <span>{text.sold(format.count(product.sales))}</span>
            </div>
          </div>

          <div>
            <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <p className="text-3xl font-bold text-brand-800">
                <span className="sr-only">{text.price}</span>
                {pricesDiffer(product.variants) ? text.fromPrice(format.taka(product.productPrice)) : format.taka(product.productPrice)}
                {product.quantity && <span className="text-base font-normal text-gray-700"> / {product.quantity}</span>}
              </p>
              {discounted && (
                <>
                  <del className="text-lg text-gray-600">
                    <span className="sr-only">{text.originalPrice}</span>
                    {format.taka(product.productOriginalPrice)}
                  </del>
                  <span className="rounded bg-accent-700 px-2 py-0.5 text-sm font-bold text-white">-{format.count(product.productDiscount)}%</span>
                </>
              )}
            </div>
            {discounted && <p className="mt-1 font-semibold text-accent-700">{text.youSave(format.taka(saving))}</p>}
            {priceUpdated && <PriceUpdatedNote className="mt-2" />}
          </div>

          <Suspense>
            <PurchaseOptions product={product} />
          </Suspense>

          <Suspense>
            <div className="flex flex-wrap items-center gap-2 border-t border-gray-200 pt-4">
              {wishlistButton?.(product)}
              <ShareButton productId={product._id} name={product.productName} />
            </div>
          </Suspense>
          <p className="text-sm text-gray-700">
            {product.OwnerId?.name ? (
              <>
                {text.soldBy} <span className="font-semibold text-gray-900">{product.OwnerId.name}</span>
              </>
            ) : (
              text.unknownSeller
            )}
          </p>
        </div>
      </div>

      <Suspense>
        <ProductTabs product={product} />
      </Suspense>
      <RelatedWhenNear product={product} cardAction={cardAction} />
    </div>
  );
}
