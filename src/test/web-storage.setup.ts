/**
 * Node.js 25 and later have Web Storage of their own: a `localStorage` global that holds nothing unless the process is
 * given `--localstorage-file`, and where a global already exists the test environment keeps it rather than jsdom's.
 * The tests get jsdom's storage, as a page in a browser has. This runs before any module under test reads it.
 */
const dom = (globalThis as { jsdom?: { window: Pick<Window, 'localStorage' | 'sessionStorage'> } }).jsdom;
if (dom) {
  for (const name of ['localStorage', 'sessionStorage'] as const) {
    Object.defineProperty(globalThis, name, { value: dom.window[name], configurable: true, writable: true });
  }
}
