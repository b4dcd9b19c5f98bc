import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Skeleton } from '@/components/skeleton';
import { isWaitingForNetwork } from '@/lib/online';
import { whenLoadedAndIdle } from '@/lib/when-idle';
import { bannersQuery } from '../api';
import { BannerSlide } from './banner-slide';

// keen-slider stays out of the home page's first download; the first banner shows without it meanwhile.
const BannerCarousel = lazy(() => import('./banner-carousel'));

/**
 * True once the page has loaded and gone idle. Until then (on the server, while hydrating, during the first paint)
 * the first banner is a plain slide: the carousel's code and work wait until nothing on the first screen does.
 */
function useCarouselWanted(): boolean {
  const [wanted, setWanted] = useState(false);
  useEffect(() => whenLoadedAndIdle(() => setWanted(true)), []);
  return wanted;
}

/** Block 2 of the home page; nothing at all when there are no banners (or they cannot be loaded, offline too). */
export function BannerSection() {
  const result = useQuery(bannersQuery());
  const carouselWanted = useCarouselWanted();
  const { data: banners, isPending } = result;
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
    <section aria-roledescription="carousel" aria-label="Offers">
      {carouselWanted && banners.length > 1 ? (
        <Suspense fallback={firstSlide}>
          <BannerCarousel banners={banners} />
        </Suspense>
      ) : (
        firstSlide
      )}
    </section>
  );
}
