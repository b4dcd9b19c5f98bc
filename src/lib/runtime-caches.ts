/**
 * Names of the service worker's runtime caches. The page reaches into them too: it drops stale
 * product answers after a change it made, and the image cache when storage runs out.
 */
export const CATALOGUE_CACHE = 'catalogue';
export const IMAGES_CACHE = 'images';
