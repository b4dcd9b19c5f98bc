import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { imageSrcSet, imageUrl } from '@/lib/image-url';
import { cn } from './cn';

type ThumbnailProps = {
  src: string | undefined;
  /** The width and height it is shown at, in CSS pixels; the image is asked for at that size. */
  size: number;
  alt: string;
  /** Above the fold: load at once instead of lazily. */
  priority?: boolean;
  /** Its box (size and corners), shared by the image and the placeholder. */
  className: string;
  iconClassName?: string;
};

/** A square product image, or a placeholder when there is none or it fails to load. */
export function Thumbnail({ src, size, alt, priority = false, className, iconClassName = 'size-6' }: ThumbnailProps) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <div className={cn('flex shrink-0 items-center justify-center rounded-md bg-gray-100 text-gray-500', className)}>
        <ImageOff aria-hidden="true" className={iconClassName} />
      </div>
    );
  }
  return (
    <img
      src={imageUrl(src, size)}
      srcSet={imageSrcSet(src, size)}
      alt={alt}
      width={size}
      height={size}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailed(true)}
      className={cn('rounded-md bg-gray-100 object-cover', className)}
    />
  );
}
