import { SHARE_IMAGE } from '@contract/catalogue-constants';
import type { Locale } from '@contract/locale';
import { useLocale, useMessages } from '@/i18n/react';
import { pageContext } from '@/lib/page-context';
import { shopText } from '@/messages/shop';
import type shopEn from '@/messages/shop/en';

export const SITE_NAME = 'haat';

/** Share previews say which language the page is in, and that it is there in the other one too. */
const OPEN_GRAPH_LOCALES: Record<Locale, string> = { en: 'en_US', bn: 'bn_BD' };

export type PageHeadProps = {
  /** The page's own title, shown as "{title} | haat" ("{title} | হাট" in Bangla); the site title without one. */
  title?: string;
  description?: string;
  /** The page's address on this site (path and query), for its canonical link and share previews. */
  path?: string;
  /** A share picture: an uploaded image, previewed in its 1200×630 rendition. */
  image?: { url: string; alt: string };
  /** The Open Graph type: a product page is a product, everything else a website. */
  type?: 'website' | 'product';
};

/** The share picture's absolute address: the resizer's 1200×630 crop of an uploaded image (other URLs as they are). */
export function shareImageUrl(origin: string, url: string): string {
  if (!url.startsWith('/media/')) return url;
  const [path] = url.split('?');
  return `${origin}${path}?w=${SHARE_IMAGE.width}&h=${SHARE_IMAGE.height}`;
}

/** A tag of the document's head that PageHead sets: its element name and attributes. */
type HeadTag = { element: 'meta' | 'link'; attributes: Record<string, string> };

/** The shop's texts, the page's language and the shop's public address: what a head is written with besides its props. */
export type HeadTexts = { text: typeof shopEn; locale: Locale; origin: string };

/** The page's title and head tags: the one rule for them, whether React writes them or the server's shell does. */
function headOf({ title, description, path, image, type = 'website' }: PageHeadProps, { text, locale, origin }: HeadTexts): { title: string; tags: HeadTag[] } {
  description ??= text.siteDescription;
  const url = path === undefined ? undefined : `${origin}${path}`;
  const shareTitle = title ?? text.siteTitle;
  const picture = image && shareImageUrl(origin, image.url);
  const cropped = image?.url.startsWith('/media/') ?? false;
  const meta = (key: 'name' | 'property', name: string, content: string): HeadTag => ({ element: 'meta', attributes: { [key]: name, content } });
  const tags: (HeadTag | false | undefined)[] = [
    meta('name', 'description', description),
    url !== undefined && { element: 'link', attributes: { rel: 'canonical', href: url } },
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', type),
    meta('property', 'og:locale', OPEN_GRAPH_LOCALES[locale]),
    meta('property', 'og:locale:alternate', OPEN_GRAPH_LOCALES[locale === 'bn' ? 'en' : 'bn']),
    meta('property', 'og:title', shareTitle),
    meta('property', 'og:description', description),
    url !== undefined && meta('property', 'og:url', url),
    !!picture && meta('property', 'og:image', picture),
    cropped && meta('property', 'og:image:width', String(SHARE_IMAGE.width)),
    cropped && meta('property', 'og:image:height', String(SHARE_IMAGE.height)),
    image && meta('property', 'og:image:alt', image.alt),
    meta('name', 'twitter:card', picture ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', shareTitle),
    meta('name', 'twitter:description', description),
    !!picture && meta('name', 'twitter:image', picture),
  ];
  return { title: title ? text.pageTitle(title) : text.siteTitle, tags: tags.filter((tag) => !!tag) };
}

/** Text and attribute values escaped as React writes them. */
const escaped = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

/**
 * The same head as text, for a document the server writes without rendering the page (the shell it answers when a
 * render is too slow): PageHead's title and tags, and the structured data as JsonLd writes it.
 */
export function pageHeadMarkup(props: PageHeadProps, texts: HeadTexts, structuredData?: object): string {
  const { title, tags } = headOf(props, texts);
  const tagMarkup = tags.map(
    ({ element, attributes }) =>
      `<${element}${Object.entries(attributes)
        .map(([name, value]) => ` ${name}="${escaped(value)}"`)
        .join('')}/>`,
  );
  const data = structuredData ? `<script type="application/ld+json">${jsonForHtml(structuredData)}</script>` : '';
  return `<title>${escaped(title)}</title>${tagMarkup.join('')}${data}`;
}

/**
 * The document's title, description, canonical link and share-preview tags (Open Graph and Twitter card) for the page
 * on show: the one place they are set, on the server and in the browser. React places them in the document's head
 * (the server's page carries them there, and hydrating adopts them) and replaces them when another page sets its own.
 */
export function PageHead(props: PageHeadProps) {
  const { title, tags } = headOf(props, { text: useMessages(shopText), locale: useLocale(), origin: pageContext().origin });
  return (
    <>
      <title>{title}</title>
      {tags.map(({ element: Element, attributes }) => (
        <Element key={`${attributes.name ?? attributes.property ?? attributes.rel}`} {...attributes} />
      ))}
    </>
  );
}

/**
 * Structured data (schema.org JSON-LD) for search engines, in a data block that never runs. `<`, `>`, `&` and the
 * line separators are written as JSON escapes, so no value (a product named `</script>…`) can end the block early.
 * Written by the server alone (pass `import.meta.env.SSR ? data : undefined`): crawlers read the pages it renders, the
 * browser keeps what the server wrote when it hydrates, and the code that builds the data never ships to the browser.
 */
export function JsonLd({ data }: { data: object | undefined }) {
  return <script type="application/ld+json" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: data ? jsonForHtml(data) : '' }} />;
}

/** JSON that is safe inside an HTML element: the same value, with every character that could end the element escaped. */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
