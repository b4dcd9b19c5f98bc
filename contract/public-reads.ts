/**
 * The API's reads that answer everyone alike (paths below `/api`): categories and their levels (lists, single ones,
 * names), banners, the logo, product lists (any query), single products and the delivery zones. The browser sends them
 * without the shopper's token, so its service worker may keep them for offline use. Accounts, orders, wishlists,
 * refunds, payments, the configuration and the back office's product reads (`/products/manage`, `/products/export`,
 * which answer only with a token) are not on this list.
 */
const PUBLIC_CATALOGUE_PATH = /^\/(?:(?:categories|subcategories|subsubcategories|products)(?:\/(?!(?:manage|export)$)[^/]+)?|banner|logo|delivery-zones)$/;

/** Whether a GET of `path` (below `/api`, without its query) is one of the catalogue's public reads. */
export const isPublicCatalogueRead = (path: string): boolean => PUBLIC_CATALOGUE_PATH.test(path);
