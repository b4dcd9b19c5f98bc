import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ChevronDown, ChevronRight, LayoutGrid } from 'lucide-react';
import { useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { nameIn } from '@contract/bangla-names';
import type { Category } from '@contract/catalogue';
import { cn } from '@/components/cn';
import { Spinner } from '@/components/spinner';
import { isWaitingForNetwork } from '@/lib/online';
import { subCategoriesQuery } from '../../api';
import { useLocale, useMessages } from '@/i18n/react';
import { catalogueText } from '@/messages/catalogue';

function SubCategoryColumn({ category, onPick }: { category: Category; onPick: () => void }) {
  const result = useQuery(subCategoriesQuery(category._id));
  const { data, isPending, isError } = result;
  const text = useMessages(catalogueText);
  const locale = useLocale();
  return (
    <div className="min-w-0 flex-1 p-3">
      <p className="px-3 pb-2 text-sm font-bold text-gray-900">{nameIn(locale, category.categoryName, category.categoryNameBn)}</p>
      {isWaitingForNetwork(result) ? (
        <p className="px-3 text-sm text-gray-700">{text.notAvailableOffline}</p>
      ) : isPending ? (
        <Spinner label={text.loadingSubCategories} className="mx-3" />
      ) : isError ? (
        <p className="px-3 text-sm text-red-800">{text.couldNotLoadSubCategories}</p>
      ) : data.length === 0 ? (
        <p className="px-3 text-sm text-gray-600">{text.noSubCategories}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-x-2">
          {data.map((sub) => (
            <li key={sub._id}>
              <Link
                to="/products"
                search={{ category: category._id, subCategory: sub._id }}
                onClick={onPick}
                className="flex min-h-11 items-center rounded-md px-3 text-sm text-gray-800 hover:bg-brand-50 hover:text-brand-800"
              >
                {nameIn(locale, sub.subCategoryName, sub.subCategoryNameBn)}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The desktop 'BROWSE CATEGORIES' menu: opens on hover (or with the button from the keyboard); pointing at or
 * focusing a category shows its sub-categories beside it. Escape closes it and returns to the button.
 */
export function BrowseCategories({ categories }: { categories: Category[] | undefined }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState<string>();
  const button = useRef<HTMLButtonElement>(null);
  // A click right after hovering open would otherwise close the menu the pointer just opened.
  const hoverOpened = useRef(false);
  const list = categories ?? [];
  const text = useMessages(catalogueText);
  const locale = useLocale();
  const active = list.find((c) => c._id === shown) ?? list[0];

  const close = () => {
    setOpen(false);
    setShown(undefined);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      close();
      button.current?.focus();
    }
  };
  const onBlur = (event: FocusEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget)) close();
  };

  return (
    // Hover opens and closes the menu for mouse users; the button does the same for keyboard and touch.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      className="relative"
      onMouseEnter={() => {
        hoverOpened.current = !open;
        setOpen(true);
      }}
      onMouseLeave={close}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        onClick={() => {
          setOpen((o) => hoverOpened.current || !o);
          hoverOpened.current = false;
        }}
        className="flex min-h-11 items-center gap-2 rounded-md bg-brand-700 px-4 text-sm font-bold tracking-wide text-white hover:bg-brand-800"
      >
        <LayoutGrid aria-hidden="true" className="size-4" />
        {text.browseCategories}
        <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', open && 'rotate-180')} />
      </button>
      <div id={`${id}-menu`} hidden={!open} className="absolute top-full left-0 z-30 pt-1">
        <div className="flex w-[44rem] max-w-[calc(100vw-2rem)] rounded-lg border border-gray-200 bg-white shadow-lg">
          <ul aria-label={text.categories} className="w-64 shrink-0 border-r border-gray-200 p-2">
            {list.map((category) => (
              <li key={category._id}>
                <Link
                  to="/products"
                  search={{ category: category._id }}
                  onMouseEnter={() => setShown(category._id)}
                  onFocus={() => setShown(category._id)}
                  onClick={close}
                  className={cn(
                    'flex min-h-11 items-center justify-between rounded-md px-3 text-sm text-gray-800 hover:bg-brand-50',
                    active?._id === category._id && 'bg-brand-50 font-semibold text-brand-800',
                  )}
                >
                  {nameIn(locale, category.categoryName, category.categoryNameBn)}
                  <ChevronRight aria-hidden="true" className="size-4" />
                </Link>
              </li>
            ))}
          </ul>
          {open && active && <SubCategoryColumn category={active} onPick={close} />}
        </div>
      </div>
    </div>
  );
}
