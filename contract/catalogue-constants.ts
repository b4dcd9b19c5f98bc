/**
 * The catalogue's numbers and rules, free of zod: the browser imports these on its first visit, where the
 * schema library would cost more than everything else on the page.
 */
import type { ProductList } from './catalogue';
import { toPoisha, toTaka } from './money';

export const PAGE_SIZE = 10;
/** The largest page the listing serves. */
export const LIST_LIMIT_MAX = 100;
/**
 * `limit=0` asks for "all": answered with at most this many products (the largest page), `total` and `pages` telling
 * how many match, so one request cannot make the server read and send a whole catalogue.
 */
export const LIST_ALL_MAX = LIST_LIMIT_MAX;
/**
 * A list's `total` counts matches up to this many, and its pages reach that far: counting or skipping past every
 * row of a big catalogue for a one-letter search would cost the server a scan of all of them on every request.
 */
export const LIST_TOTAL_MAX = 10_000;
export const PRICE_FILTER_MAX = 10_000;
export const PRICE_FILTER_STEP = 50;
export const HOME_RECOMMENDED_COUNT = 12;
export const OFFER_PRODUCTS_STEP = 5;
export const RELATED_PRODUCTS_MAX = 8;
/** Products shown per category by `GET /products/categories-with-products`. */
export const CATEGORY_PREVIEW_PRODUCTS = 8;

/** Widths `/media/{file}?w=` renders; other widths snap up to the next one (above the largest: the largest). */
export const IMAGE_WIDTHS = [80, 96, 160, 200, 250, 320, 400, 500, 640, 800, 1200] as const;
/** The one cropped rendition, `?w=1200&h=630`: the picture of a share preview (Open Graph, Twitter cards), cover-cropped. */
export const SHARE_IMAGE = { width: 1200, height: 630 } as const;
/** Products one wishlist holds: every add answers the whole list, so it must stay a size a phone can take. */
export const WISHLIST_MAX = 500;
/** What an uploaded image's URL looks like: a content hash under /media. */
export const MEDIA_URL_PATTERN = /^\/media\/[0-9a-f]{32}\.(?:jpg|png|webp|gif)$/;

/** `priceAsc` and `priceDesc` order by the price paid (after the discount). */
export const sortOptions = ['newest', 'rating', 'sales', 'priceAsc', 'priceDesc'] as const;
export type SortBy = (typeof sortOptions)[number];

/** Price after a percentage discount, rounded to the poisha. */
export function discountedPrice(originalPrice: number, discountPercent: number): number {
  return toTaka(Math.round((toPoisha(originalPrice) * (100 - discountPercent)) / 100));
}

/**
 * The least a product may sell for, in taka, after its discount (and the least an order's items may cost after a
 * coupon): nothing in the shop is free, and a gateway cannot take a ৳0 payment.
 */
export const SALE_PRICE_MIN = 1;
export const SALE_PRICE_TOO_LOW = 'The price after the discount must be at least ৳1';
export const isSalePriceAllowed = (originalPrice: number, discountPercent: number) => discountedPrice(originalPrice, discountPercent) >= SALE_PRICE_MIN;

/** A list answer with nothing in it: what an empty catalogue gives. */
export const EMPTY_PRODUCT_LIST: ProductList = { count: 0, total: 0, page: 1, pages: 1, data: [] };

/** What the API says of a review it took: a customer has one review of a product, and writing again edits it. */
export const REVIEW_POSTED = 'Review submitted successfully';
export const REVIEW_UPDATED = 'Your review was updated';

/** A product's state: a draft is seen and edited in the back office only; shoppers know only published products. */
export const productStatuses = ['published', 'draft'] as const;
export type ProductStatus = (typeof productStatuses)[number];
