import type { Banner, Logo } from '@contract/catalogue';
import { imageUrl } from '@/lib/image-url';

/*
 * How the storefront draws a banner and the logo, for the back office's live previews. They copy the storefront's
 * markup (features/catalogue/components/banner-slide.tsx, app/layout/logo.tsx) rather than import it: shared with the
 * back office, those modules would leave the chunks a shopper's first visit loads them in, and that visit would grow.
 * `image`s may be a chosen file's local address.
 */

/** The home page's banner: 3 : 1, the offer's badge in the top right corner. */
export function BannerPreview({ banner }: { banner: Banner }) {
  const category = banner.bannerCategory?.categoryName;
  return (
    <div className="relative block aspect-[3/1] w-full overflow-hidden rounded-lg bg-gray-100">
      <img src={imageUrl(banner.bannerImage, 640)} alt={category ? `${category} offer` : 'Offer on all products'} className="size-full object-cover" />
      {banner.bannerOffer > 0 && (
        <span className="absolute top-2 right-2 rounded-md bg-accent-700 px-2 py-1 text-sm font-bold text-white shadow sm:top-4 sm:right-4 sm:text-base">
          {banner.bannerOffer}% OFF
        </span>
      )}
    </div>
  );
}

/** The navigation bar's logo: 32 px high, at most 128 px wide; the wordmark when there is none. */
export function LogoPreview({ logo }: { logo: Logo | null }) {
  if (!logo) return <span className="text-2xl leading-none font-extrabold tracking-tight text-brand-700">haat</span>;
  return <img src={imageUrl(logo.url, 128)} alt={logo.alt || 'haat'} className="h-8 w-auto max-w-20 object-contain sm:max-w-32" />;
}
