import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { BannerSlide } from '@/components/banner-slide';
import { Skeleton } from '@/components/skeleton';
import { isWaitingForNetwork } from '@/lib/online';
import { bannersQuery } from '../api';
import { autoplayAllowed, BANNER_AUTOPLAY_MS } from './autoplay';
import { useMessages } from '@/i18n/react';
import { catalogueText } from '@/messages/catalogue';

// keen-slider stays out of the home page's first download; the first banner shows without it meanwhile.
const BannerCarousel = lazy(() => import('./banner-carousel'));

/**
 * Whether the carousel is wanted: once the banners are due to move (after the first autoplay interval, where autoplay is
 * allowed) or the shopper reaches for them (pointer, touch or focus). Until then (on the server, while hydrating, on the
 * first screen) the first banner is a plain slide, and a visit that never needs the carousel never downloads it.
 */
function useCarouselWanted(many: boolean) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (!many || !autoplayAllowed()) return;
    const timer = setTimeout(() => setWanted(true), BANNER_AUTOPLAY_MS);
    return () => clearTimeout(timer);
  }, [many]);
  return [wanted, () => setWanted(true)] as const;
}

/** Block 2 of the home page; nothing at all when there are no banners (or they cannot be loaded, offline too). */
export function BannerSection() {
  const result = useQuery(bannersQuery());
  const { data: banners, isPending } = result;
  const many = (banners?.length ?? 0) > 1;
  const [carouselWanted, wantCarousel] = useCarouselWanted(many);
  const text = useMessages(catalogueText);
  if (isWaitingForNetwork(result)) return null;
  if (isPending) {
    return (
      <div className="pb-12">
        <Skeleton className="aspect-[3/1] w-full rounded-lg" />
      </div>
    );
  }
  const [first] = banners ?? [];
  if (!banners || !first) return null;
  const firstSlide = (
    <div className="pb-12">
      <BannerSlide banner={first} first />
    </div>
  );
  return (
    <section aria-roledescription={text.carousel} aria-label={text.offers} onPointerEnter={wantCarousel} onTouchStart={wantCarousel} onFocus={wantCarousel}>
      {carouselWanted && many ? (
        <Suspense fallback={firstSlide}>
          <BannerCarousel banners={banners} />
        </Suspense>
      ) : (
        firstSlide
      )}
    </section>
  );
}
