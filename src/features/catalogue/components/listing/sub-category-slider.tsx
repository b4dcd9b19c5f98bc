import 'keen-slider/keen-slider.min.css';
import { useKeenSlider, type KeenSliderInstance } from 'keen-slider/react';
import { useEffect, useState } from 'react';
import type { SubCategory } from '@contract/catalogue';
import type { ListingSearch } from '../../lib/listing-search';
import { useMediaQuery } from '../../lib/use-media-query';
import { autoplayAllowed, createAutoplay } from '../autoplay';
import { SubCategoryItems } from './sub-category-items';

export const SUB_STRIP_AUTOPLAY_MS = 3000;

/** The strip as a keen-slider: loops and moves every 3000 ms when there are more items than fit, pausing on hover. */
export default function SubCategorySlider({ items, search }: { items: SubCategory[]; search: ListingSearch }) {
  const wide = useMediaQuery('(min-width: 1024px)');
  const medium = useMediaQuery('(min-width: 640px)');
  const perView = wide ? 8 : medium ? 5 : 3;
  const moves = items.length > perView;
  const [canAutoplay] = useState(autoplayAllowed);
  const [auto] = useState(() => createAutoplay(SUB_STRIP_AUTOPLAY_MS, !canAutoplay || !moves));
  const [inView, setInView] = useState<boolean[]>([]);
  const track = (s: KeenSliderInstance) => setInView(s.track.details?.slides.map((slide) => slide.portion > 0) ?? []);
  const [sliderRef] = useKeenSlider<HTMLUListElement>(
    {
      loop: moves,
      drag: moves,
      slides: { perView, spacing: 12 },
      created: track,
      slideChanged: track,
      updated: track,
      optionsChanged: track,
    },
    [auto.plugin],
  );

  useEffect(() => auto.setPaused(!canAutoplay || !moves), [auto, canAutoplay, moves]);

  return (
    // Pointer or focus on the strip holds the autoplay.
    <div {...auto.areaProps}>
      <SubCategoryItems
        ref={sliderRef}
        items={items}
        search={search}
        className="keen-slider"
        itemClassName="keen-slider__slide"
        inertFrom={(i) => inView[i] === false}
      />
    </div>
  );
}
