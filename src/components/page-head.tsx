import { SHARE_IMAGE } from '@contract/catalogue-constants';
import { pageContext } from '@/lib/page-context';

export const SITE_NAME = 'haat';
export const SITE_TITLE = 'haat — online shop';
export const SITE_DESCRIPTION = 'haat — shop online across Bangladesh. Cash on delivery, bKash, Nagad and Rocket.';

export type PageHeadProps = {
  /** The page's own title, shown as "{title} | haat"; the site title without one. */
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

/**
 * The document's title, description, canonical link and share-preview tags (Open Graph and Twitter card) for the page
 * on show: the one place they are set. React places them in the document's head, on the server and in the browser,
 * and replaces them when another page renders its own.
 */
export function PageHead({ title, description = SITE_DESCRIPTION, path, image, type = 'website' }: PageHeadProps) {
  const { origin } = pageContext();
  const url = path === undefined ? undefined : `${origin}${path}`;
  const shareTitle = title ?? SITE_TITLE;
  const picture = image && shareImageUrl(origin, image.url);
  const cropped = image?.url.startsWith('/media/') ?? false;
  return (
    <>
      <title>{title ? `${title} | ${SITE_NAME}` : SITE_TITLE}</title>
      <meta name="description" content={description} />
      {url && <link rel="canonical" href={url} />}
      <meta property="og:site_name" content={SITE_NAME} />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={shareTitle} />
      <meta property="og:description" content={description} />
      {url && <meta property="og:url" content={url} />}
      {picture && <meta property="og:image" content={picture} />}
      {cropped && <meta property="og:image:width" content={String(SHARE_IMAGE.width)} />}
      {cropped && <meta property="og:image:height" content={String(SHARE_IMAGE.height)} />}
      {image && <meta property="og:image:alt" content={image.alt} />}
      <meta name="twitter:card" content={picture ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={shareTitle} />
      <meta name="twitter:description" content={description} />
      {picture && <meta name="twitter:image" content={picture} />}
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
