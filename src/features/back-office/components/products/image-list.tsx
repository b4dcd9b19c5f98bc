import { ArrowDown, ArrowUp, GripVertical, ImagePlus, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { MAX_PRODUCT_IMAGES } from '@contract/image-limits';
import { cn } from '@/components/cn';
import { useFormat, useMessages } from '@/i18n/react';
import { imageUrl } from '@/lib/image-url';
import { backOfficeText } from '@/messages/back-office';
import { backOfficeCatalogueText } from '@/messages/back-office-catalogue';
import { ACCEPTED_PICTURES, pictureRefusal, type PictureRefusal } from '../../lib/pictures';
import { moveItem, type ImageItem } from '../../lib/products/product-form';
import type { UploadProgress } from '../../lib/products/product-api';

const iconButton =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-md border border-gray-300 bg-white text-gray-800 hover:bg-gray-50 disabled:cursor-not-allowed disabled:opacity-50';

type ImageListProps = {
  images: readonly ImageItem[];
  onChange: (images: ImageItem[]) => void;
  /** Upload progress by image key while a save runs. */
  progress?: UploadProgress | null;
  error?: string;
  disabled?: boolean;
};

let nextKey = 0;

/**
 * A product's images in the order the shop shows them: add, remove and reorder by pointer drag (the handle), by the
 * arrow keys on a focused handle, or with the move buttons; every change is announced. A chosen file that is not a
 * picture (by its type or its first bytes), or is too large, is refused there and then, by name; the others are
 * added. While a save runs, each new image shows how much of it has been uploaded.
 */
export function ImageList({ images, onChange, progress, error, disabled = false }: ImageListProps) {
  const text = useMessages(backOfficeCatalogueText);
  const shared = useMessages(backOfficeText);
  const format = useFormat();
  const refusedId = useId();
  const [refused, setRefused] = useState<string[]>([]);
  const hintId = useId();
  const errorId = useId();
  const [announcement, setAnnouncement] = useState('');
  const listRef = useRef<HTMLOListElement>(null);
  const dragging = useRef<number | null>(null);
  const [dragKey, setDragKey] = useState<string | null>(null);

  // Pointer moves can come faster than renders: each move starts from the order the previous one made.
  const latest = useRef(images);
  useEffect(() => {
    latest.current = images;
  }, [images]);

  const move = (from: number, to: number, focus: 'handle' | 'none' = 'handle') => {
    const list = latest.current;
    if (to < 0 || to >= list.length || from === to) return;
    const item = list[from]!;
    const next = moveItem(list, from, to);
    latest.current = next;
    onChange(next);
    setAnnouncement(text.imageMoved(item.name, format.count(to + 1), format.count(list.length)));
    if (focus === 'handle') requestAnimationFrame(() => listRef.current?.querySelector<HTMLElement>(`[data-handle="${item.key}"]`)?.focus());
  };

  const remove = (index: number) => {
    const item = images[index]!;
    if (item.file) URL.revokeObjectURL(item.src);
    onChange(images.filter((_, i) => i !== index));
    setAnnouncement(text.imageRemoved(item.name));
  };

  const refusalOf = (file: File, refusal: PictureRefusal | null) =>
    refusal === 'notPicture' ? [shared.notPicture(file.name)] : refusal === 'tooLarge' ? [shared.pictureTooLarge(file.name)] : [];

  const add = async (files: File[]) => {
    if (files.length === 0) return;
    const checked = await Promise.all(files.map(async (file) => ({ file, refusal: await pictureRefusal(file) })));
    setRefused(checked.flatMap(({ file, refusal }) => refusalOf(file, refusal)));
    const added = checked
      .filter(({ refusal }) => refusal === null)
      .map(({ file }): ImageItem => ({ key: `new-${(nextKey += 1)}`, name: file.name, src: URL.createObjectURL(file), file }));
    if (added.length === 0) return;
    onChange([...latest.current, ...added]);
    setAnnouncement(text.imagesAdded(added.length, format.count(added.length)));
  };

  const onHandleKey = (event: KeyboardEvent, index: number) => {
    if (event.key === 'ArrowUp' || event.key === 'ArrowLeft') move(index, index - 1);
    else if (event.key === 'ArrowDown' || event.key === 'ArrowRight') move(index, index + 1);
    else return;
    event.preventDefault();
  };

  /** The index of the row under the pointer's height: where a dragged image goes. */
  const indexAt = (clientY: number) => {
    const rows = [...(listRef.current?.children ?? [])] as HTMLElement[];
    const found = rows.findIndex((row) => clientY < row.getBoundingClientRect().bottom);
    return found === -1 ? rows.length - 1 : found;
  };

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>, index: number) => {
    if (disabled || event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    dragging.current = index;
    setDragKey(images[index]!.key);
  };
  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const from = dragging.current;
    if (from === null) return;
    const to = indexAt(event.clientY);
    if (to !== from) {
      move(from, to, 'none');
      dragging.current = to;
    }
  };
  const endDrag = () => {
    dragging.current = null;
    setDragKey(null);
  };

  return (
    <fieldset className="flex min-w-0 flex-col gap-2" aria-describedby={cn(hintId, error && errorId)}>
      <legend className="text-sm font-medium text-gray-800">{text.images}</legend>
      <p id={hintId} className="text-sm text-gray-600">
        {text.imagesHint(format.count(MAX_PRODUCT_IMAGES))}
      </p>
      {images.length === 0 ? (
        <p className="text-sm text-gray-700">{text.noImages}</p>
      ) : (
        <ol ref={listRef} className="flex flex-col gap-2">
          {images.map((image, index) => {
            const label = text.imagePosition(format.count(index + 1), format.count(images.length));
            const sent = image.file ? progress?.[image.key] : undefined;
            return (
              <li
                key={image.key}
                aria-label={label}
                className={cn(
                  'flex flex-wrap items-center gap-2 rounded-md border border-gray-300 bg-white p-2',
                  dragKey === image.key && 'border-brand-700 shadow-md',
                )}
              >
                <button
                  type="button"
                  data-handle={image.key}
                  aria-label={text.reorder(label)}
                  disabled={disabled}
                  onKeyDown={(event) => onHandleKey(event, index)}
                  onPointerDown={(event) => onPointerDown(event, index)}
                  onPointerMove={onPointerMove}
                  onPointerUp={endDrag}
                  onPointerCancel={endDrag}
                  className={cn(iconButton, 'cursor-grab touch-none border-transparent')}
                >
                  <GripVertical aria-hidden="true" className="size-5" />
                </button>
                <img
                  src={image.file ? image.src : imageUrl(image.src, 56, 2)}
                  alt=""
                  width={56}
                  height={56}
                  className="size-14 shrink-0 rounded object-cover"
                />
                <div className="flex min-w-0 flex-1 basis-24 flex-col gap-1">
                  <span className="truncate text-sm text-gray-900">
                    {image.name}
                    {image.file && <span className="ml-1 text-gray-600">({text.isNew})</span>}
                  </span>
                  {sent !== undefined && (
                    <progress aria-label={text.uploading(label)} max={100} value={Math.round(sent * 100)} className="h-2 w-full accent-brand-700" />
                  )}
                </div>
                <div className="flex gap-1">
                  <button
                    type="button"
                    aria-label={text.moveUp(label)}
                    disabled={disabled || index === 0}
                    onClick={() => move(index, index - 1, 'none')}
                    className={iconButton}
                  >
                    <ArrowUp aria-hidden="true" className="size-5" />
                  </button>
                  <button
                    type="button"
                    aria-label={text.moveDown(label)}
                    disabled={disabled || index === images.length - 1}
                    onClick={() => move(index, index + 1, 'none')}
                    className={iconButton}
                  >
                    <ArrowDown aria-hidden="true" className="size-5" />
                  </button>
                  <button
                    type="button"
                    aria-label={text.removeImage(format.count(index + 1), format.count(images.length), image.name)}
                    disabled={disabled}
                    onClick={() => remove(index)}
                    className={cn(iconButton, 'text-red-700')}
                  >
                    <X aria-hidden="true" className="size-5" />
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <label
        className={cn(
          'relative inline-flex min-h-11 cursor-pointer items-center justify-center gap-2 self-start rounded-md border border-brand-700 bg-white px-4 font-semibold text-brand-700 focus-within:ring-2 focus-within:ring-brand-700 hover:bg-brand-50',
          (disabled || images.length >= MAX_PRODUCT_IMAGES) && 'pointer-events-none opacity-60',
        )}
      >
        <ImagePlus aria-hidden="true" className="size-5" />
        {text.addImages}
        <input
          type="file"
          multiple
          accept={ACCEPTED_PICTURES}
          disabled={disabled || images.length >= MAX_PRODUCT_IMAGES}
          aria-describedby={refused.length > 0 ? refusedId : undefined}
          className="sr-only"
          onChange={(event) => {
            void add([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
      </label>
      {refused.length > 0 && (
        <div id={refusedId} role="alert" className="flex flex-col gap-1 text-sm text-red-700">
          {refused.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </fieldset>
  );
}
