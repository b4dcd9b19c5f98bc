import { Play } from 'lucide-react';
import { useState } from 'react';
import { videoEmbedUrl, withAutoplay } from '../lib/video';
import { useMessages } from '@/i18n/react';
import { productText } from '@/messages/product';

type VideoSlideProps = {
  url: string;
  name: string;
  light: boolean;
  onEnded: () => void;
};

/**
 * YouTube and Vimeo links play in their embed player; anything else in a <video> element that gives the view back
 * to the images when it ends. Under Save-Data or on 2G nothing is fetched until the shopper presses 'Play video'.
 */
export function VideoSlide({ url, name, light, onEnded }: VideoSlideProps) {
  const [requested, setRequested] = useState(!light);
  const embed = videoEmbedUrl(url);
  const text = useMessages(productText);
  if (!requested) {
    return (
      <div className="flex size-full items-center justify-center bg-gray-900">
        <button
          type="button"
          onClick={() => setRequested(true)}
          className="inline-flex min-h-11 items-center gap-2 rounded-full bg-white px-5 font-semibold text-gray-900 hover:bg-gray-100"
        >
          <Play aria-hidden="true" className="size-5" />
          {text.playVideo}
        </button>
      </div>
    );
  }
  if (embed) {
    return (
      <iframe
        src={withAutoplay(embed)}
        title={text.video(name)}
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        // YouTube refuses to play embeds that send no referrer.
        referrerPolicy="strict-origin-when-cross-origin"
        className="size-full border-0 bg-black"
      />
    );
  }
  return (
    // Seller videos come without captions; the product's description and details carry the same information.
    // eslint-disable-next-line jsx-a11y/media-has-caption
    <video
      src={url}
      controls
      autoPlay
      playsInline
      preload="metadata"
      onEnded={onEnded}
      aria-label={text.video(name)}
      className="size-full bg-black object-contain"
    />
  );
}
