import { ImageOff, Play } from 'lucide-react';
import { lazy, Suspense, useRef, useState, type PointerEvent } from 'react';
import { cn } from '@/components/cn';
import { imageSrcSet, imageUrl, prefersLightImages } from '@/lib/image-url';
import { gallerySrcSet, MAIN_IMAGE_SIZES, ZOOM_FACTOR, zoomOrigin } from '../lib/gallery';
import { FailedImage, SlideArrows } from './slides';
import { useFormat, useMessages } from '@/i18n/react';
import { productText } from '@/messages/product';

// Its code comes when the shopper opens it: most first visits never do.
const Lightbox = lazy(() => import('./lightbox').then((module) => ({ default: module.Lightbox })));
// Likewise the video: it is the last slide, shown when the shopper moves to it.
const VideoSlide = lazy(() => import('./video-slide').then((module) => ({ default: module.VideoSlide })));

type GalleryProps = { images: string[]; video: string | null; name: string };

/**
 * Product images (and an optional video as the last slide): the main view with previous/next arrows, 80×80
 * thumbnails, a 150 % zoom that follows a mouse pointer, and a full-size lightbox with dots on click.
 */
export function Gallery({ images, video, name }: GalleryProps) {
  const slideCount = images.length + (video ? 1 : 0);
  const [index, setIndex] = useState(0);
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());
  const [lightboxOpen, setLightboxOpen] = useState(false);
  // What each image has loaded at its largest so far: the lightbox shows it at once while the large rendition loads.
  const [loadedRenditions, setLoadedRenditions] = useState<ReadonlyMap<string, string>>(() => new Map());
  const [light] = useState(prefersLightImages);
  const zoomRef = useRef<HTMLImageElement>(null);
  const text = useMessages(productText);
  const format = useFormat();
  const imageCount = format.count(images.length);

  const showingVideo = video !== null && index === images.length;
  const current = images[index];
  const go = (next: number) => setIndex((next + slideCount) % slideCount);
  const markFailed = (url: string) => setFailed((set) => new Set(set).add(url));
  /** Remembers the rendition the browser chose for `url`; a thumbnail never replaces the main view's larger one. */
  const rememberLoaded = (url: string, { currentSrc, src }: HTMLImageElement, thumbnail = false) => {
    setLoadedRenditions((map) => (thumbnail && map.has(url) ? map : new Map(map).set(url, currentSrc || src)));
  };
  const openLightbox = () => {
    // The main image may have loaded before the page's code ran (a server-rendered page starts its code after it),
    // so no load event told us: a complete image is taken as loaded here.
    const shown = zoomRef.current;
    if (current && shown?.complete && shown.naturalWidth > 0) rememberLoaded(current, shown);
    setLightboxOpen(true);
  };

  // Zoom is for a mouse: on touch the image would jump under the finger and fight scrolling.
  const zoomTo = (event: PointerEvent<HTMLElement>) => {
    const img = zoomRef.current;
    if (event.pointerType !== 'mouse' || !img) return;
    const { x, y } = zoomOrigin(event.clientX, event.clientY, event.currentTarget.getBoundingClientRect());
    img.style.transformOrigin = `${x}% ${y}%`;
    img.style.transform = `scale(${ZOOM_FACTOR})`;
  };
  const zoomOut = () => {
    if (zoomRef.current) zoomRef.current.style.transform = '';
  };

  return (
    <section aria-label={text.images(name)} className="flex min-w-0 flex-col gap-3">
      <div className="relative aspect-[4/3] w-full overflow-hidden rounded-lg border border-gray-200 bg-gray-50">
        {slideCount === 0 ? (
          <div role="img" aria-label={text.noImage(name)} className="flex size-full items-center justify-center text-gray-500">
            <ImageOff aria-hidden="true" className="size-12" />
          </div>
        ) : showingVideo ? (
          <Suspense fallback={<div className="size-full bg-gray-900" />}>
            <VideoSlide key={video} url={video} name={name} light={light} onEnded={() => setIndex(0)} />
          </Suspense>
        ) : current && failed.has(current) ? (
          <FailedImage className="size-full" />
        ) : current ? (
          <button
            type="button"
            onClick={openLightbox}
            onPointerMove={zoomTo}
            onPointerLeave={zoomOut}
            aria-label={text.openImage(format.count(index + 1), imageCount)}
            className="block size-full cursor-zoom-in overflow-hidden focus-visible:outline-offset-[-4px]"
          >
            <img
              ref={zoomRef}
              key={current}
              src={imageUrl(current, 560)}
              srcSet={gallerySrcSet(current, light ? 640 : 1200) || undefined}
              sizes={MAIN_IMAGE_SIZES}
              alt={text.imageAlt(name, format.count(index + 1), imageCount)}
              width={560}
              height={420}
              // The first image is the page's largest paint: fetch it first.
              fetchPriority={index === 0 ? 'high' : undefined}
              decoding="async"
              onLoad={(event) => rememberLoaded(current, event.currentTarget)}
              onError={() => markFailed(current)}
              className="size-full object-contain transition-transform duration-100 ease-out"
            />
          </button>
        ) : null}
        {slideCount > 1 && <SlideArrows onPrevious={() => go(index - 1)} onNext={() => go(index + 1)} />}
      </div>

      {slideCount > 1 && (
        <ul className="flex gap-2 overflow-x-auto pb-1" aria-label={text.chooseImage}>
          {images.map((url, i) => (
            <li key={url} className="shrink-0">
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={text.showImage(format.count(i + 1), imageCount)}
                aria-current={i === index || undefined}
                className={cn(
                  'block size-20 overflow-hidden rounded-md border-2 bg-gray-50',
                  i === index ? 'border-brand-700' : 'border-gray-200 hover:border-gray-400',
                )}
              >
                {failed.has(url) ? (
                  <span className="flex size-full items-center justify-center text-gray-500">
                    <ImageOff aria-hidden="true" className="size-6" />
                  </span>
                ) : (
                  <img
                    src={imageUrl(url, 80)}
                    srcSet={imageSrcSet(url, 80)}
                    alt=""
                    width={80}
                    height={80}
                    // On screen beside the main image, the page's largest picture: they leave the link to it first.
                    fetchPriority="low"
                    decoding="async"
                    onLoad={(event) => rememberLoaded(url, event.currentTarget, true)}
                    onError={() => markFailed(url)}
                    className="size-full object-cover"
                  />
                )}
              </button>
            </li>
          ))}
          {video && (
            <li className="shrink-0">
              <button
                type="button"
                onClick={() => setIndex(images.length)}
                aria-label={text.showVideo}
                aria-current={showingVideo || undefined}
                className={cn(
                  'flex size-20 items-center justify-center rounded-md border-2 bg-gray-900 text-white',
                  showingVideo ? 'border-brand-700' : 'border-gray-200 hover:border-gray-400',
                )}
              >
                <Play aria-hidden="true" className="size-8" />
              </button>
            </li>
          )}
        </ul>
      )}

      {lightboxOpen && (
        <Suspense fallback={null}>
          <Lightbox
            open
            onClose={() => setLightboxOpen(false)}
            images={images}
            loadedRenditions={loadedRenditions}
            index={Math.min(index, images.length - 1)}
            onIndexChange={setIndex}
            failed={failed}
            onFailed={markFailed}
            name={name}
          />
        </Suspense>
      )}
    </section>
  );
}
