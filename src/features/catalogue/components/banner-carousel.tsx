import 'keen-slider/keen-slider.min.css';
import { useKeenSlider } from 'keen-slider/react';
import { Pause, Play } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import type { Banner } from '@contract/catalogue';
import { BannerSlide } from '@/components/banner-slide';
import { cn } from '@/components/cn';
import { whenIdle } from '@/lib/when-idle';
import { autoplayAllowed, BANNER_AUTOPLAY_MS, createAutoplay } from './autoplay';
import { useFormat, useMessages } from '@/i18n/react';
import { catalogueText } from '@/messages/catalogue';

/**
 * The banner slider (keen-slider, loaded after the first banner is on screen): loops, autoplays, clickable bullets.
 * Only the first slide's image is fetched up front (lazy loading does not hold back slides beside the visible one);
 * the others come once it has loaded and the page is idle, or as soon as the slider heads for them.
 */
export default function BannerCarousel({ banners }: { banners: Banner[] }) {
  const [current, setCurrent] = useState(0);
  const [withImage, setWithImage] = useState<ReadonlySet<number>>(() => new Set([0]));
  const [firstImageLoaded, setFirstImageLoaded] = useState(false);
  const count = banners.length;
  const text = useMessages(catalogueText);
  const format = useFormat();
  // A slide and both its neighbours (the slider loops), so a swipe either way finds its image on the way.
  const showImagesAround = useCallback(
    (index: number) =>
      setWithImage((shown) => {
        const around = [index - 1, index, index + 1].map((i) => (i + count) % count);
        return around.every((i) => shown.has(i)) ? shown : new Set([...shown, ...around]);
      }),
    [count],
  );
  const [canAutoplay] = useState(autoplayAllowed);
  const [paused, setPaused] = useState(false);
  const [auto] = useState(() => createAutoplay(BANNER_AUTOPLAY_MS, !canAutoplay));
  const [sliderRef, slider] = useKeenSlider<HTMLDivElement>(
    {
      loop: true,
      slideChanged: (s) => {
        setCurrent(s.track.details.rel);
        showImagesAround(s.track.details.rel);
      },
      dragStarted: (s) => showImagesAround(s.track.details.rel),
    },
    [auto.plugin],
  );

  useEffect(() => auto.setPaused(!canAutoplay || paused), [auto, canAutoplay, paused]);
  useEffect(() => (firstImageLoaded ? whenIdle(() => showImagesAround(0)) : undefined), [firstImageLoaded, showImagesAround]);

  const many = banners.length > 1;
  return (
    // Pointer or focus anywhere on the carousel (slides, bullets, pause button) holds the autoplay.
    <div {...auto.areaProps} className="relative">
      <div ref={sliderRef} className="keen-slider rounded-lg">
        {banners.map((banner, i) => (
          <div
            key={banner._id}
            className="keen-slider__slide"
            role="group"
            aria-roledescription={text.slide}
            aria-label={text.slideOf(format.count(i + 1), format.count(banners.length))}
            // Slides out of view are kept out of the tab order and the accessibility tree.
            inert={i !== current}
          >
            <BannerSlide banner={banner} first={i === 0} withImage={withImage.has(i)} onImageLoad={i === 0 ? () => setFirstImageLoaded(true) : undefined} />
          </div>
        ))}
      </div>
      {many && (
        <div className="mt-1 flex items-center justify-center">
          {canAutoplay && (
            <button
              type="button"
              onClick={() => setPaused((p) => !p)}
              aria-label={paused ? text.playBanners : text.pauseBanners}
              className="flex size-11 items-center justify-center rounded-full text-gray-700 hover:bg-gray-100"
            >
              {paused ? <Play aria-hidden="true" className="size-4" /> : <Pause aria-hidden="true" className="size-4" />}
            </button>
          )}
          {banners.map((banner, i) => (
            <button
              key={banner._id}
              type="button"
              onClick={() => {
                showImagesAround(i);
                slider.current?.moveToIdx(i);
              }}
              aria-label={text.goToBanner(format.count(i + 1))}
              aria-current={i === current ? 'true' : undefined}
              className="group flex size-11 items-center justify-center rounded-full"
            >
              <span
                aria-hidden="true"
                className={cn('block h-2.5 rounded-full transition-all', i === current ? 'w-6 bg-brand-700' : 'w-2.5 bg-gray-400 group-hover:bg-gray-600')}
              />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
