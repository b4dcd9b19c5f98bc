/**
 * After a release the files of the build a page was opened with are gone: the next part it imports (a route's code,
 * a dialog's) fails to load. Reloading picks up the new build; doing so at most once in a while keeps a page whose
 * files fail for another reason (the server down, a broken release) from reloading for ever.
 */

/** sessionStorage: when this tab last reloaded for a new build. */
export const CHUNK_RELOAD_KEY = 'haat:chunk-reload-at';
/** A second failure this soon after the reload is not a new build: the error screen offers Reload instead. */
export const CHUNK_RELOAD_WINDOW_MS = 60_000;

/** The browsers' messages for an import or a preload that failed to load (Chromium, Firefox, Safari, Vite). */
const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|'text\/html' is not a valid JavaScript MIME type/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_FAILURE.test(error.message);
}

let reloading = false;

/** True while this page is on its way out for the new build: the error screen shows nothing meanwhile. */
export const isReloadingForNewBuild = (): boolean => reloading;

/**
 * Reloads the page for the new build, unless it did so within the window; answers whether it did. Without
 * sessionStorage (blocked by the browser) there is no guard against a loop, so it never reloads.
 */
export function reloadForNewBuild(now = Date.now(), reload = () => window.location.reload()): boolean {
  if (reloading) return true;
  try {
    const last = Number(sessionStorage.getItem(CHUNK_RELOAD_KEY));
    if (last > 0 && now - last >= 0 && now - last < CHUNK_RELOAD_WINDOW_MS) return false;
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(now));
  } catch {
    return false;
  }
  reloading = true;
  reload();
  return true;
}

/**
 * Vite announces a failed import or preload of the build's files (`vite:preloadError`): reload once for the new build.
 * The failure still reaches the code that asked, which shows the error screen if the reload was refused.
 */
export function reloadOnFailedChunks(reload = () => window.location.reload()): void {
  window.addEventListener('vite:preloadError', () => {
    reloadForNewBuild(Date.now(), reload);
  });
}
