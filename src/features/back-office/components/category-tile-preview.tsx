import { imageUrl } from '@/lib/image-url';

/**
 * How the home page's category strip shows a category (features/catalogue/components/category-strip.tsx): a round
 * 96 px picture over its name. `image` is a saved image's URL or a chosen file's local address.
 */
export function CategoryTilePreview({ name, image }: { name: string; image: string | undefined }) {
  return (
    <figure className="flex w-24 flex-col items-center gap-2 text-center text-sm font-medium text-gray-800">
      {image ? (
        <img src={imageUrl(image, 96)} alt="" width={96} height={96} className="size-24 rounded-full bg-gray-100 object-cover" />
      ) : (
        <span aria-hidden="true" className="size-24 rounded-full bg-gray-200" />
      )}
      <figcaption className="line-clamp-2 min-h-10 leading-5 break-words">{name || 'Name'}</figcaption>
    </figure>
  );
}
