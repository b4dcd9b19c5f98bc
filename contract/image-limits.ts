/**
 * What an uploaded image may be, for the server's checks and the back office's forms. A module of its own: the
 * storefront's first visit carries the catalogue's constants, and none of these.
 */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_PRODUCT_IMAGES = 10;
export const IMAGE_TOO_LARGE = 'Image must be 5 MB or smaller';
export const IMAGE_WRONG_TYPE = 'Only JPEG, PNG, WebP or GIF images are allowed';
export const IMAGE_DAMAGED = 'The image is damaged or incomplete';
