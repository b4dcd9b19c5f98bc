import { useNavigate } from '@tanstack/react-router';
import { Search, Store } from 'lucide-react';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import type { Suggestions } from '@contract/catalogue';
import { cn } from '@/components/cn';
import { api } from '@/lib/api';
import { useFormat, useMessages } from '@/i18n/react';
import { searchText } from '@/messages/search';

/** A pause in typing this long asks for suggestions; a key sooner asks nothing. */
const DEBOUNCE_MS = 200;

type Option = { id: string; label: string; kind: 'product' | 'category' };

const optionsOf = (answer: Suggestions): Option[] => [
  ...answer.products.map((p) => ({ id: p._id, label: p.productName, kind: 'product' as const })),
  ...answer.categories.map((c) => ({ id: c._id, label: c.categoryName, kind: 'category' as const })),
];

/**
 * The header's search box as a combobox (the WAI-ARIA 1.2 pattern, the list of suggestions as a listbox): loaded on
 * the box's first focus, it makes the box a combobox and lists the products and categories
 * `GET /api/products/suggest` gives for what is typed, after a pause; an answer to an older text is dropped (its
 * request aborted). Arrows move through the options, typing leaves them for the text, Enter opens the one chosen (or
 * searches the text, as before), Escape closes the list; a live region says how many there are.
 */
export default function SearchSuggestions({ input }: { input: RefObject<HTMLInputElement | null> }) {
  const listboxId = useId();
  const text = useMessages(searchText);
  const format = useFormat();
  const navigate = useNavigate();
  const [options, setOptions] = useState<Option[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [asked, setAsked] = useState(false);
  // The box's listeners, attached once, read the latest of these.
  const state = useRef({ options, open, active });

  const choose = (option: Option) => {
    setOpen(false);
    input.current?.blur();
    if (option.kind === 'product') void navigate({ to: '/products/$id', params: { id: option.id } });
    else void navigate({ to: '/products', search: { category: option.id } });
  };
  const chooseRef = useRef(choose);
  useEffect(() => {
    state.current = { options, open, active };
    chooseRef.current = choose;
  });

  useEffect(() => {
    const box = input.current;
    if (!box) return;
    box.setAttribute('role', 'combobox');
    box.setAttribute('aria-autocomplete', 'list');
    box.setAttribute('aria-controls', listboxId);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let request: AbortController | undefined;

    const ask = () => {
      clearTimeout(timer);
      request?.abort();
      // Typing takes the choice back to the text: Enter then searches what is typed, not an option of the older text.
      setActive(-1);
      const q = box.value.trim();
      if (!q) {
        setOptions([]);
        setOpen(false);
        setAsked(false);
        return;
      }
      timer = setTimeout(() => {
        const controller = new AbortController();
        request = controller;
        api<Suggestions>('/products/suggest', { query: { q: q.slice(0, 100) }, signal: controller.signal })
          .then(({ data }) => {
            if (controller.signal.aborted) return;
            setOptions(optionsOf(data));
            setActive(-1);
            setAsked(true);
            setOpen(document.activeElement === box);
          })
          .catch(() => {
            // Offline or refused: the box still searches on Enter.
            if (!controller.signal.aborted) setOpen(false);
          });
      }, DEBOUNCE_MS);
    };
    const onKey = (event: KeyboardEvent) => {
      const { options: list, open: shown, active: current } = state.current;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        if (list.length === 0) return;
        event.preventDefault();
        setOpen(true);
        const down = event.key === 'ArrowDown';
        // From the box (none chosen) down is the first option and up the last; past either end it wraps.
        if (!shown || current < 0) setActive(down ? 0 : list.length - 1);
        else setActive((current + (down ? 1 : -1) + list.length) % list.length);
      } else if (event.key === 'Enter' && shown && current >= 0 && list[current]) {
        event.preventDefault();
        chooseRef.current(list[current]);
      } else if (event.key === 'Escape' && shown) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      }
    };
    const onBlur = () => setOpen(false);
    const onFocus = () => {
      if (state.current.options.length > 0) setOpen(true);
    };
    box.addEventListener('input', ask);
    box.addEventListener('keydown', onKey);
    box.addEventListener('blur', onBlur);
    box.addEventListener('focus', onFocus);
    if (box.value.trim()) ask();
    return () => {
      clearTimeout(timer);
      request?.abort();
      box.removeEventListener('input', ask);
      box.removeEventListener('keydown', onKey);
      box.removeEventListener('blur', onBlur);
      box.removeEventListener('focus', onFocus);
    };
  }, [input, listboxId]);

  const shown = open && options.length > 0;
  useEffect(() => {
    const box = input.current;
    if (!box) return;
    box.setAttribute('aria-expanded', String(shown));
    if (shown && active >= 0) box.setAttribute('aria-activedescendant', `${listboxId}-${active}`);
    else box.removeAttribute('aria-activedescendant');
  }, [input, listboxId, shown, active]);

  return (
    <>
      <ul
        id={listboxId}
        role="listbox"
        aria-label={text.suggestions}
        hidden={!shown}
        className="absolute inset-x-0 top-full z-50 mt-1 max-h-[60vh] overflow-y-auto rounded-md border border-gray-200 bg-white py-1 shadow-lg"
      >
        {options.map((option, index) => (
          // The keys are the box's: it keeps the focus and names the active option (aria-activedescendant).
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <li
            key={`${option.kind}-${option.id}`}
            id={`${listboxId}-${index}`}
            role="option"
            aria-selected={index === active}
            // The box keeps the focus: a press on an option must not blur it before the click lands.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(option)}
            className={cn(
              'flex min-h-11 cursor-pointer items-center gap-2 px-3 py-2 text-sm text-gray-900 hover:bg-brand-50',
              index === active && 'bg-brand-50 outline-2 -outline-offset-2 outline-brand-700',
            )}
          >
            {option.kind === 'product' ? (
              <Search aria-hidden="true" className="size-4 shrink-0 text-gray-600" />
            ) : (
              <Store aria-hidden="true" className="size-4 shrink-0 text-gray-600" />
            )}
            <span className="min-w-0 break-words">{option.label}</span>
            {option.kind === 'category' && <span className="ml-auto shrink-0 text-xs text-gray-700">{text.category}</span>}
          </li>
        ))}
      </ul>
      <p role="status" className="sr-only">
        {asked && open ? (options.length > 0 ? text.suggestionCount(options.length, format.count(options.length)) : text.noSuggestions) : ''}
      </p>
    </>
  );
}
