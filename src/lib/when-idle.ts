/** Runs `task` when the browser is idle (soon after, where there is no requestIdleCallback: Safari); returns a cancel. */
export function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, 200);
  return () => clearTimeout(id);
}

/** Runs `task` once the page has loaded and the browser is then idle; returns a cancel. */
export function whenLoadedAndIdle(task: () => void): () => void {
  let cancel = () => {};
  const afterLoad = () => {
    cancel = whenIdle(task);
  };
  if (document.readyState === 'complete') afterLoad();
  else {
    window.addEventListener('load', afterLoad, { once: true });
    cancel = () => window.removeEventListener('load', afterLoad);
  }
  return () => cancel();
}
