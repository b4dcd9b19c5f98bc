import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Skeleton } from '@/components/skeleton';
import { isWaitingForNetwork } from '@/lib/online';
import { bannersQuery } from '../api';
import { BannerSlide } from './banner-slide';

// keen-slider stays out of the home page's first download; the first banner shows without it meanwhile.
const BannerCarousel = lazy(() => import('./banner-carousel'));

/** Block 2 of the home page; nothing at all when there are no banners (or they cannot be loaded, offline too). */
export function BannerSection() {
  const result = useQuery(bannersQuery());
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
  return (
    <section aria-roledescription="carousel" aria-label="Offers" className={banners.length > 1 ? undefined : 'pb-12'}>
      <Suspense
        fallback={
          <div className="pb-12">
            <BannerSlide banner={first} first />
          </div>
        }
      >
        <BannerCarousel banners={banners} />
      </Suspense>
    </section>
  );
}
