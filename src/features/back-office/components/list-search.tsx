import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/button';
import { cn } from '@/components/cn';
import { TextField } from '@/components/text-field';

export type ListSearchProps = {
  /** Names the box; shown above it with `showLabel`, else only to screen readers and as the placeholder. */
  label: string;
  /** Names the icon-only button, e.g. 'Search orders'. */
  buttonLabel: string;
  /** The search the list shows now: the box takes it again whenever it changes (back, a link, a clear). */
  search: string | undefined;
  /** The typed text, trimmed, when sent. */
  onSearch: (text: string) => void;
  showLabel?: boolean;
  placeholder?: string;
  maxLength?: number;
  className?: string;
};

/** A list's search box: the list changes when the search is sent, not at every key. */
export function ListSearch({ label, buttonLabel, search = '', onSearch, showLabel = false, placeholder = label, maxLength, className }: ListSearchProps) {
  const [typed, setTyped] = useState(search);
  const [shown, setShown] = useState(search);
  // Set while rendering, not in an effect, so the box never shows the old search for a frame.
  if (search !== shown) {
    setShown(search);
    setTyped(search);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(typed.trim());
  };

  return (
    <form role="search" onSubmit={submit} className={cn('flex items-end gap-2', className)}>
      <TextField
        label={label}
        type="search"
        value={typed}
        maxLength={maxLength}
        onChange={(event) => setTyped(event.target.value)}
        placeholder={placeholder}
        className={cn('min-w-0 flex-1', !showLabel && '[&>label]:sr-only')}
      />
      <Button type="submit" variant="secondary" aria-label={buttonLabel} className="min-w-11 px-3">
        <Search aria-hidden="true" className="size-5" />
      </Button>
    </form>
  );
}
