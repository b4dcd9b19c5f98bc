/**
 * What an uploaded image may be, for the server's checks and the back office's forms. A module of its own: the
 * storefront's first visit carries the catalogue's constants, and none of these.
 */
/** A phone camera's photo as it comes (12 to 50 megapixels); the server keeps far less of it (see ORIGINAL_MAX_SIDE). */
export const MAX_IMAGE_BYTES = 25 * 1024 * 1024;
export const MAX_PRODUCT_IMAGES = 10;
export const IMAGE_TOO_LARGE = 'Image must be 25 MB or smaller';
export const IMAGE_WRONG_TYPE = 'Only JPEG, PNG, WebP or GIF images are allowed';
export const IMAGE_DAMAGED = 'The image is damaged or incomplete';

/** The long side and the weight the server keeps of an upload at most, whatever the browser sent. */
export const ORIGINAL_MAX_SIDE = 2560;
export const ORIGINAL_MAX_BYTES = 2 * 1024 * 1024;
