import { Link } from '@tanstack/react-router';
import { ImageOff } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { Product } from '@contract/catalogue';
import { nameIn } from '@contract/bangla-names';
import { IMAGE_WIDTHS } from '@contract/catalogue-constants';
import { pricesDiffer } from '@contract/variants';
import { imageUrl, prefersLightImages } from '@/lib/image-url';
import { useFormat, useLocale, useMessages } from '@/i18n/react';
import { shopText } from '@/messages/shop';
import { Stars } from './stars';
import { useNearViewport } from './use-near-viewport';

/** The fields a card shows; a full Product fits. */
export type ProductCardData = Pick<
  Product,
  '_id' | 'productName' | 'productImages' | 'productPrice' | 'productOriginalPrice' | 'productDiscount' | 'productRating' | 'reviewCount' | 'remainingProducts'
> &
  Partial<Pick<Product, 'variants' | 'productNameBn'>>;

/** Card images are 160×120 under 768 px, 200×150 under 1024 px, otherwise 250×188. */
export const CARD_IMAGE_SIZES = '(max-width: 767px) 160px, (max-width: 1023px) 200px, 250px';
const SMALLEST_CARD_WIDTH = 160;
const LARGEST_CARD_WIDTH = 250;
/** Lazy card images start loading this far before they scroll into view, so they are there when they arrive. */
export const LAZY_ROOT_MARGIN = '50px';

/**
 * Every rendition the browser may need for the card sizes at 1× and 2×; under Save-Data or 2G only the 1× ones,
 * so a dense screen does not pull double-size images over a slow link.
 */
export function cardImageSrcSet(url: string, light = prefersLightImages()): string {
  if (!url.startsWith('/media/')) return '';
  const largest = light ? LARGEST_CARD_WIDTH : LARGEST_CARD_WIDTH * 2;
  return IMAGE_WIDTHS.filter((w) => w >= SMALLEST_CARD_WIDTH && w <= largest)
    .map((w) => `${imageUrl(url, w, 1)} ${w}w`)
    .join(', ');
}

function CardImage({ src, alt, priority }: { src: string | undefined; alt: string; priority: CardImagePriority | undefined }) {
  const [ref, near] = useNearViewport(LAZY_ROOT_MARGIN, priority === undefined);
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <div role="img" aria-label={alt} className="flex aspect-[4/3] w-full items-center justify-center bg-gray-100 text-gray-500">
        <ImageOff aria-hidden="true" className="size-8" />
      </div>
    );
  }
  const image = (
    <img
      src={imageUrl(src, 250)}
      srcSet={cardImageSrcSet(src) || undefined}
      sizes={CARD_IMAGE_SIZES}
      alt={alt}
      width={250}
      height={188}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority}
      decoding="async"
      onError={() => setFailed(true)}
      className="size-full object-cover text-transparent"
    />
  );
  // Until it is near the viewport the image is a grey box of its size, named like the picture it stands for; a
  // browser without JavaScript (which never gets near) loads it lazily from the <noscript> copy instead.
  return (
    <div ref={ref} role={near ? undefined : 'img'} aria-label={near ? undefined : alt} className="aspect-[4/3] w-full bg-gray-100">
      {near ? image : <noscript>{image}</noscript>}
    </div>
  );
}

type ProductCardProps = {
  product: ProductCardData;
  /** Shown over the image's top-right corner, e.g. a wishlist heart; it stays clickable above the card's link. */
  action?: ReactNode;
  /** Above-the-fold cards load their image at once (see CardImagePriority); the others when they near the screen. */
  priority?: CardImagePriority;
};

/**
 * 'high' for the card whose image is the page's largest picture; 'low' for the others above the fold, which load at
 * once but leave the link to it first (Chromium would raise an image on screen to high priority).
 */
export type CardImagePriority = 'high' | 'low';

export function ProductCard({ product, action, priority }: ProductCardProps) {
  const discounted = product.productDiscount > 0 && product.productOriginalPrice > product.productPrice;
  const outOfStock = product.remainingProducts === 0;
  const text = useMessages(shopText);
  const format = useFormat();
  const name = nameIn(useLocale(), product.productName, product.productNameBn);
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-lg border border-gray-200 bg-white transition-shadow focus-within:shadow-md hover:shadow-md">
      <div className="relative">
        <CardImage src={product.productImages[0]} alt={name} priority={priority} />
        {discounted && (
          <span className="absolute top-2 left-2 rounded bg-accent-700 px-1.5 py-0.5 text-xs font-bold text-white">
            -{format.count(product.productDiscount)}%
          </span>
        )}
        {outOfStock && <span className="absolute inset-x-0 bottom-0 bg-gray-900/80 py-1 text-center text-sm font-semibold text-white">{text.outOfStock}</span>}
        {action && <div className="absolute top-1 right-1 z-10">{action}</div>}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-2 sm:p-3">
        <h3 className="line-clamp-2 min-h-10 text-sm leading-5 font-medium text-gray-900">
          {/* The link covers the whole card (after:inset-0), so the image and price open the product too. */}
          <Link
            to="/products/$id"
            params={{ id: product._id }}
            className="rounded-sm after:absolute after:inset-0 after:content-[''] hover:text-brand-700 focus-visible:outline-none after:focus-visible:rounded-lg after:focus-visible:outline-2 after:focus-visible:outline-brand-700"
          >
            {name}
          </Link>
        </h3>
        <div className="flex items-center gap-1 text-xs text-gray-600">
          <Stars rating={product.productRating} />
          <span>
            ({format.count(product.reviewCount)}
            <span className="sr-only">{text.cardReviews}</span>)
          </span>
        </div>
        <div className="mt-auto flex flex-wrap items-baseline gap-x-2">
          <span className="text-base font-bold text-brand-800">
            <span className="sr-only">{text.price}</span>
            {pricesDiffer(product.variants) ? text.fromPrice(format.taka(product.productPrice)) : format.taka(product.productPrice)}
          </span>
          {discounted && (
            <del className="text-xs text-gray-600">
              <span className="sr-only">{text.originalPrice}</span>
              {format.taka(product.productOriginalPrice)}
            </del>
          )}
        </div>
      </div>
    </article>
  );
}
