/**
 * The app's parts every first visit loads once the page has started: the service worker's registration and the
 * footer (with the install button). Both import them from here, so their chunk (`after-start`) arrives as one file,
 * with no stub file per part fetched beside it.
 */
export { registerServiceWorker } from './pwa/register-service-worker';
export { Footer } from './layout/footer';
