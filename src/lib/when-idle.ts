/** Runs `task` when the browser is idle (soon after, where there is no requestIdleCallback: Safari); returns a cancel. */
export function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, 200);
  return () => clearTimeout(id);
}

/** Runs `task` once the page has loaded (at once if it has); returns a cancel. */
export function whenLoaded(task: () => void): () => void {
  if (document.readyState === 'complete') {
    task();
    return () => {};
  }
  // A document loads once.
  window.addEventListener('load', task);
  return () => window.removeEventListener('load', task);
}

/** Runs `task` once the page has loaded and the browser is then idle; returns a cancel. */
export function whenLoadedAndIdle(task: () => void): () => void {
  let cancelIdle = () => {};
  const cancelLoad = whenLoaded(() => (cancelIdle = whenIdle(task)));
  return () => {
    cancelLoad();
    cancelIdle();
  };
}
