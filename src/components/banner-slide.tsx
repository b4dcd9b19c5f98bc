import { Link } from '@tanstack/react-router';
import type { Banner } from '@contract/catalogue';
import { IMAGE_WIDTHS } from '@contract/catalogue-constants';
import { imageUrl, prefersLightImages } from '@/lib/image-url';
import { useFormat, useMessages } from '@/i18n/react';
import { shopText } from '@/messages/shop';

/** Banners fill the content column (at most 1152 px wide) at 3:1, the shape of the uploaded banners. */
const BANNER_SIZES = '(max-width: 1152px) 100vw, 1152px';

function bannerSrcSet(url: string): string | undefined {
  if (!url.startsWith('/media/')) return undefined;
  // Under Save-Data the phone-width renditions are enough, whatever the screen density.
  const largest = prefersLightImages() ? 640 : 1200;
  return IMAGE_WIDTHS.filter((w) => w >= 400 && w <= largest)
    .map((w) => `${imageUrl(url, w, 1)} ${w}w`)
    .join(', ');
}

/**
 * One banner: a link to its category's products with at least its discount. Without `withImage` the slide keeps its
 * size but fetches nothing yet (the carousel holds back slides out of view).
 */
export function BannerSlide({
  banner,
  first,
  withImage = true,
  onImageLoad,
}: {
  /** Its place among the banners is the carousel's business, not the slide's (a preview has none yet). */
  banner: Omit<Banner, 'position'>;
  first: boolean;
  withImage?: boolean;
  onImageLoad?: () => void;
}) {
  const category = banner.bannerCategory?.categoryName ?? banner.bannerCategory?._id;
  const text = useMessages(shopText);
  const format = useFormat();
  return (
    <Link
      to="/products"
      search={{ category, discount: banner.bannerOffer > 0 ? banner.bannerOffer : undefined }}
      className="relative block aspect-[3/1] w-full overflow-hidden rounded-lg bg-gray-100"
    >
      {withImage && (
        <img
          src={imageUrl(banner.bannerImage, 640)}
          srcSet={bannerSrcSet(banner.bannerImage)}
          sizes={BANNER_SIZES}
          alt={category ? text.categoryOffer(category) : text.offerOnAll}
          width={1200}
          height={400}
          loading={first ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : undefined}
          decoding={first ? undefined : 'async'}
          className="size-full object-cover"
          draggable={false}
          onLoad={onImageLoad}
        />
      )}
      {banner.bannerOffer > 0 && (
        <span className="absolute top-2 right-2 rounded-md bg-accent-700 px-2 py-1 text-sm font-bold text-white shadow sm:top-4 sm:right-4 sm:text-base">
          {text.percentOff(format.count(banner.bannerOffer))}
        </span>
      )}
    </Link>
  );
}
