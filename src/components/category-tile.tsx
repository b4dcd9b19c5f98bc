import { Link } from '@tanstack/react-router';
import { imageSrcSet, imageUrl } from '@/lib/image-url';

const SIZE = 96;

type CategoryTileProps = {
  /** Its products are what the tile links to; none (a preview) links to all products. */
  id?: string;
  name: string;
  /** A saved image's URL or a chosen file's local address; none shows an empty circle. */
  image: string | undefined;
  /** The first few on the home page load at once, the others as they near the screen. */
  eager?: boolean;
};

/** A category as the home page's strip shows it: a round 96 px picture over its name, a link to its products. */
export function CategoryTile({ id, name, image, eager = false }: CategoryTileProps) {
  return (
    <Link
      to="/products"
      search={{ category: id }}
      className="group flex flex-col items-center gap-2 rounded-lg text-center text-sm font-medium text-gray-800 hover:text-brand-700"
    >
      {image ? (
        <img
          src={imageUrl(image, SIZE)}
          srcSet={imageSrcSet(image, SIZE)}
          alt=""
          width={SIZE}
          height={SIZE}
          loading={eager ? 'eager' : 'lazy'}
          // Beside the first banner, the page's largest picture, they leave the link to it first; a page the server
          // rendered has them in its markup, so no preload hint is needed to start them early.
          fetchPriority="low"
          decoding="async"
          className="size-24 rounded-full bg-gray-100 object-cover ring-brand-700 transition group-hover:ring-2"
        />
      ) : (
        <span aria-hidden="true" className="size-24 rounded-full bg-gray-100" />
      )}
      <span className="line-clamp-2 min-h-10 leading-5">{name}</span>
    </Link>
  );
}
