/**
 * The app's parts every first visit loads once the page has started: the service worker's registration, the footer
 * (with the install button), the saved cache and the error and web-vitals reporter. All import them from here, so their
 * chunk (`after-start`) arrives as one file, with no stub file per part fetched beside it.
 */
export { registerServiceWorker } from './pwa/register-service-worker';
export { Footer } from './layout/footer';
export { openSavedCache } from './persistence/saved-cache';
export { startObservability } from './observability/start';
