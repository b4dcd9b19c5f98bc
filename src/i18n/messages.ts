import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, LOCALE_PARAMETER, localeFromLanguages, type Locale } from '@contract/locale';
import { PAGE_ATTRIBUTES } from '@contract/page-document';
import { dropKeptPages } from '@/lib/runtime-caches';

/** A message: a text, or a function of its values (counts, names, amounts) for texts that vary. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a message's values are its own; the table's type checks each call
export type MessageTable = Record<string, string | ((...values: any[]) => string)>;

type Loaders<T extends MessageTable> = Record<Locale, () => Promise<{ default: T }>>;

/**
 * One part of the interface's texts (a feature's, the frame's), in every language, each language in a chunk of its
 * own: a page downloads the parts it shows, in the language it shows them in.
 */
export type MessageNamespace<T extends MessageTable = MessageTable> = {
  readonly name: string;
  /** The texts in `locale`, when loaded. */
  get(locale: Locale): T | undefined;
  load(locale: Locale): Promise<T>;
};

/** Every namespace defined on the page; the back office has its own copies of the ones it shares with the shop. */
const namespaces = new Set<MessageNamespace>();

/** Where a namespace's texts in one language live: the build's manifest names the chunk after this source. */
export const messageModule = (name: string, locale: Locale) => `src/messages/${name}/${locale}.ts`;

/** The namespaces this page has loaded the code of: a language switch loads their texts before it shows. */
export const loadedNamespaces = (): MessageNamespace[] => [...namespaces];

const cookieLocale = (): string | undefined =>
  document.cookie
    .split('; ')
    .find((pair) => pair.startsWith(`${LOCALE_COOKIE}=`))
    ?.slice(LOCALE_COOKIE.length + 1);

/**
 * The language the browser starts in: a page the server rendered hydrates in the language it was rendered in;
 * otherwise the address's `?lang=` (a link in a message, answered by the service worker's shell the server never
 * saw), the shopper's choice (the cookie the server reads too), else the browser's own languages.
 */
function startingLocale(): Locale {
  if (typeof document === 'undefined') return DEFAULT_LOCALE;
  const rendered = document.getElementById('root')?.hasAttribute(PAGE_ATTRIBUTES.origin) ? document.documentElement.lang : undefined;
  if (isLocale(rendered)) return rendered;
  const asked = new URLSearchParams(location.search).get(LOCALE_PARAMETER);
  if (isLocale(asked)) return asked;
  const chosen = cookieLocale();
  if (isLocale(chosen)) return chosen;
  return localeFromLanguages(navigator.languages ?? [navigator.language]);
}

function remember(locale: Locale) {
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax${location.protocol === 'https:' ? '; secure' : ''}`;
  document.documentElement.lang = locale;
}

let current: Locale = startingLocale();
// The shell the service worker answers says `en`: the document says what it shows, and the server learns the choice.
if (typeof document !== 'undefined') remember(current);
const listeners = new Set<() => void>();

export const currentLocale = (): Locale => current;

export function subscribeToLocale(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Shows the interface in `locale` once the texts of every part on the page are loaded, and remembers the choice. The
 * pages the service worker kept are in the old language: they go.
 */
export async function setLocale(locale: Locale): Promise<void> {
  await Promise.all(loadedNamespaces().map((namespace) => namespace.load(locale)));
  current = locale;
  remember(locale);
  dropKeptPages();
  for (const listener of listeners) listener();
}

/**
 * A namespace of texts. In the browser its module waits (top-level await) for the texts in the current language, so
 * nothing that shows them renders before they are there; the server loads them per request.
 */
export async function defineMessages<T extends MessageTable>(name: string, loaders: Loaders<T>): Promise<MessageNamespace<T>> {
  const loaded = new Map<Locale, T>();
  const loading = new Map<Locale, Promise<T>>();
  const namespace: MessageNamespace<T> = {
    name,
    get: (locale) => loaded.get(locale),
    load(locale) {
      let pending = loading.get(locale);
      if (!pending) {
        pending = loaders[locale]().then(({ default: texts }) => {
          loaded.set(locale, texts);
          return texts;
        });
        pending.catch(() => loading.delete(locale));
        loading.set(locale, pending);
      }
      return pending;
    },
  };
  namespaces.add(namespace as unknown as MessageNamespace);
  if (!import.meta.env.SSR) await namespace.load(current);
  return namespace;
}

/**
 * A namespace's texts in the language on screen, for code outside components: toasts raised by mutations and
 * replayed actions. They are there: the namespace's module waited for them, and a switch loads them before it shows.
 */
export function textsNow<T extends MessageTable>(namespace: MessageNamespace<T>): T {
  const texts = namespace.get(current);
  if (!texts) throw new Error(`The '${namespace.name}' texts in '${current}' are not loaded`);
  return texts;
}
