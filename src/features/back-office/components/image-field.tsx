import { X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { cn } from '@/components/cn';
import { useMessages } from '@/i18n/react';
import { imageUrl } from '@/lib/image-url';
import { backOfficeText } from '@/messages/back-office';
import { ACCEPTED_PICTURES, pictureRefusal } from '../lib/pictures';

/** A local address for a chosen file while it is shown (a preview before upload); released when it changes or unmounts. */
export function useObjectUrl(file: File | null | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    const next = file ? URL.createObjectURL(file) : undefined;
    // The address is the browser's resource, made and released with the file it stands for.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setUrl(next);
    return () => {
      if (next) URL.revokeObjectURL(next);
    };
  }, [file]);
  return url;
}

export type ImageFieldProps = {
  label: string;
  /** The chosen file, or null: the field does not keep its own. */
  file: File | null;
  /** The file chosen, or null when the choice is cleared. */
  onChange: (file: File | null) => void;
  /** The image saved now, shown until another file is chosen. */
  currentUrl?: string | null;
  error?: string;
  hint?: string;
  /** The preview's shape, e.g. 'aspect-[3/1] w-full' for a banner; a 96 px square by default. */
  previewClassName?: string;
};

/**
 * An image input with a preview of the chosen file (or of the saved image), and its error tied to the input. A file
 * that is not a picture (by its type or its first bytes), or is too large, is refused when chosen, by name, and the
 * choice before it stays; a chosen file can be removed again with a button that names it.
 */
export function ImageField({ label, file, onChange, currentUrl, error, hint, previewClassName = 'size-24' }: ImageFieldProps) {
  const text = useMessages(backOfficeText);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [refusal, setRefusal] = useState<string>();
  const chosenUrl = useObjectUrl(file);
  const shown = chosenUrl ?? (currentUrl ? imageUrl(currentUrl, 400) : undefined);
  const shownError = refusal ?? error;

  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    const refused = await pictureRefusal(chosen);
    setRefusal(refused === 'notPicture' ? text.notPicture(chosen.name) : refused === 'tooLarge' ? text.pictureTooLarge(chosen.name) : undefined);
    if (refused) {
      if (input.current) input.current.value = '';
      return;
    }
    onChange(chosen);
  };

  const remove = () => {
    if (input.current) input.current.value = '';
    setRefusal(undefined);
    onChange(null);
    input.current?.focus();
  };

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-gray-800">
        {label}
      </label>
      <div className="flex flex-wrap items-center gap-3">
        <div className={cn('flex shrink-0 items-center justify-center overflow-hidden rounded-md border border-gray-300 bg-gray-100', previewClassName)}>
          {shown ? (
            <img src={shown} alt={file ? text.chosenImage(file.name) : text.currentImage} className="size-full object-cover" />
          ) : (
            <span className="px-2 text-center text-xs text-gray-600">{text.noImage}</span>
          )}
        </div>
        <input
          ref={input}
          id={id}
          type="file"
          accept={ACCEPTED_PICTURES}
          onChange={(event) => void choose(event.target.files?.[0])}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={cn(hint && `${id}-hint`, shownError && `${id}-error`) || undefined}
          className="min-h-11 max-w-full min-w-0 text-sm text-gray-800 file:mr-3 file:min-h-11 file:rounded-md file:border file:border-brand-700 file:bg-white file:px-3 file:font-semibold file:text-brand-700"
        />
        {file && (
          <button
            type="button"
            onClick={remove}
            aria-label={text.removeChosenImage(file.name)}
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-md border border-gray-300 bg-white text-red-700 hover:bg-gray-50"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        )}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-gray-600">
          {hint}
        </p>
      )}
      {shownError && (
        <p id={`${id}-error`} role={refusal ? 'alert' : undefined} className="text-sm text-red-700">
          {shownError}
        </p>
      )}
    </div>
  );
}
