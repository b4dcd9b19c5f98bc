import { useEffect, useState } from 'react';
import { cn } from '@/components/cn';
import { Dialog } from '@/components/dialog';
import { imageUrl } from '@/lib/image-url';
import { FailedImage, SlideArrows } from './slides';
import { useFormat, useMessages } from '@/i18n/react';
import { productText } from '@/messages/product';

type LightboxProps = {
  open: boolean;
  onClose: () => void;
  images: string[];
  /** For each image, the rendition the product page has already loaded (its main view or its thumbnail). */
  loadedRenditions: ReadonlyMap<string, string>;
  index: number;
  onIndexChange: (index: number) => void;
  failed: ReadonlySet<string>;
  onFailed: (url: string) => void;
  name: string;
};

/** The gallery's images full size on a dark screen, with arrows, dots and the arrow keys to page through them. */
export function Lightbox({ open, onClose, images, loadedRenditions, index, onIndexChange, failed, onFailed, name }: LightboxProps) {
  const url = images[index];
  const count = images.length;
  const go = (next: number) => onIndexChange((next + count) % count);
  const text = useMessages(productText);
  const format = useFormat();

  // Left and Right arrow keys page through the images while the lightbox is open.
  useEffect(() => {
    if (!open || count < 2) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft') onIndexChange((index - 1 + count) % count);
      if (event.key === 'ArrowRight') onIndexChange((index + 1) % count);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, count, index, onIndexChange]);

  return (
    <Dialog
      open={open && url !== undefined}
      onClose={onClose}
      title={text.lightboxTitle(name, format.count(index + 1), format.count(count))}
      hideTitle
      variant="fullscreen"
    >
      {/*
        The bottom padding keeps the dots above the product page's fixed Add to Cart bar on a phone
        (--fixed-bar-height, set by PurchaseOptions), and above the home indicator everywhere.
      */}
      <div className="flex h-full min-h-0 flex-col items-center justify-center gap-4 px-2 pt-14 pb-[calc(1rem+max(var(--fixed-bar-height,0px),env(safe-area-inset-bottom)))]">
        <div className="relative flex min-h-0 w-full flex-1 items-center justify-center">
          {url && failed.has(url) ? (
            <FailedImage className="aspect-square w-full max-w-md rounded-lg" />
          ) : url ? (
            <LargeImage
              key={url}
              url={url}
              preview={loadedRenditions.get(url)}
              alt={text.imageAlt(name, format.count(index + 1), format.count(count))}
              onFailed={() => onFailed(url)}
            />
          ) : null}
          {count > 1 && <SlideArrows wide onPrevious={() => go(index - 1)} onNext={() => go(index + 1)} />}
        </div>
        {count > 1 && (
          <div className="flex flex-wrap justify-center">
            {images.map((image, i) => (
              <button
                key={image}
                type="button"
                onClick={() => onIndexChange(i)}
                aria-label={text.showImage(format.count(i + 1), format.count(count))}
                aria-current={i === index || undefined}
                className="group inline-flex size-11 items-center justify-center"
              >
                <span aria-hidden="true" className={cn('size-3 rounded-full', i === index ? 'bg-white' : 'bg-white/40 group-hover:bg-white/70')} />
              </button>
            ))}
          </div>
        )}
      </div>
    </Dialog>
  );
}

type LargeImageProps = { url: string; preview: string | undefined; alt: string; onFailed: () => void };

/**
 * The large rendition, drawn over the smaller one the page already has until it has loaded, so the lightbox never
 * opens on an empty screen while a large image crosses a slow connection.
 */
function LargeImage({ url, preview, alt, onFailed }: LargeImageProps) {
  const [loaded, setLoaded] = useState(false);
  const fill = 'absolute inset-0 size-full object-contain';
  return (
    <>
      {preview && !loaded && <img src={preview} alt="" className={fill} />}
      <img src={imageUrl(url, 1200, 1)} alt={alt} onLoad={() => setLoaded(true)} onError={onFailed} className={fill} />
    </>
  );
}
