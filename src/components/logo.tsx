import { useState } from 'react';
import { Skeleton } from '@/components/skeleton';
import { imageSrcSet, imageUrl } from '@/lib/image-url';

export type SiteLogo = { _id: string; url: string; alt: string };

/** What the layout hands the navigation bar and footer: undefined while loading, null for "show the wordmark". */
export type LogoProp = SiteLogo | null | undefined;

/** The widest the logo is shown (32 px high, at most 128 px wide): the image is asked for at that size. */
const LOGO_WIDTH = 128;

/**
 * The logo image, or the text wordmark when there is no logo or it fails to load: the navigation bar's and the
 * footer's, and the back office's preview of a logo being chosen.
 */
export function Logo({ logo }: { logo: LogoProp }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (logo === undefined) return <Skeleton className="h-8 w-20" />;
  if (logo && logo.url !== failedUrl) {
    return (
      <img
        src={imageUrl(logo.url, LOGO_WIDTH)}
        srcSet={imageSrcSet(logo.url, LOGO_WIDTH)}
        alt={logo.alt || 'haat'}
        width={LOGO_WIDTH}
        height={32}
        // Small and never the largest picture: it leaves the link to that one first.
        fetchPriority="low"
        decoding="async"
        className="h-8 w-auto max-w-20 object-contain sm:max-w-32"
        onError={() => setFailedUrl(logo.url)}
      />
    );
  }
  return <span className="text-2xl leading-none font-extrabold tracking-tight text-brand-700">haat</span>;
}
