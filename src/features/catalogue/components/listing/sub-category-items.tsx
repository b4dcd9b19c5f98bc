import { Link } from '@tanstack/react-router';
import type { Ref } from 'react';
import { nameIn } from '@contract/bangla-names';
import type { SubCategory } from '@contract/catalogue';
import { cn } from '@/components/cn';
import { useLocale } from '@/i18n/react';
import { imageSrcSet, imageUrl } from '@/lib/image-url';
import { withFilter } from '../../lib/listing-changes';
import type { ListingSearch } from '../../lib/listing-search';

export const SUB_ITEM_IMAGE = 56;

/** The strip's items: a round picture (or the first letter) and the name, linking to that sub-category. */
export function SubCategoryItems({
  items,
  search,
  className,
  itemClassName,
  inertFrom,
  ref,
}: {
  ref?: Ref<HTMLUListElement>;
  items: SubCategory[];
  search: ListingSearch;
  className?: string;
  itemClassName?: string;
  /** Items the slider has moved out of view are left out of the tab order. */
  inertFrom?: (index: number) => boolean;
}) {
  const locale = useLocale();
  return (
    <ul ref={ref} className={className}>
      {items.map((sub, i) => {
        const selected = sub._id === search.subCategory;
        const name = nameIn(locale, sub.subCategoryName, sub.subCategoryNameBn);
        return (
          <li key={sub._id} className={itemClassName} inert={inertFrom?.(i)}>
            <Link
              to="/products"
              search={withFilter(search, { subCategory: sub._id })}
              resetScroll={false}
              aria-current={selected ? 'true' : undefined}
              draggable={false}
              className="group flex flex-col items-center gap-1 rounded-lg p-1 text-center text-sm text-gray-800 hover:text-brand-700 aria-[current=true]:font-semibold aria-[current=true]:text-brand-800"
            >
              {sub.subCategoryImage ? (
                <img
                  src={imageUrl(sub.subCategoryImage, SUB_ITEM_IMAGE)}
                  srcSet={imageSrcSet(sub.subCategoryImage, SUB_ITEM_IMAGE)}
                  alt=""
                  width={SUB_ITEM_IMAGE}
                  height={SUB_ITEM_IMAGE}
                  loading="lazy"
                  decoding="async"
                  draggable={false}
                  className={cn('size-14 rounded-full bg-gray-100 object-cover', selected && 'ring-2 ring-brand-700')}
                />
              ) : (
                <span
                  aria-hidden="true"
                  className={cn(
                    'flex size-14 items-center justify-center rounded-full bg-brand-50 text-lg font-bold text-brand-800',
                    selected && 'ring-2 ring-brand-700',
                  )}
                >
                  {name.charAt(0)}
                </span>
              )}
              <span className="line-clamp-2 min-h-10 leading-5">{name}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
