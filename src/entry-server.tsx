import type { PageRendererModule } from '@contract/page-document';

/**
 * The renderer's entry. The server imports it by an address that changes with each build, so a rebuilt renderer is
 * loaded afresh; everything it needs comes in chunks loaded from here, which never import this file back (a chunk
 * importing it would get a second copy of it, with React contexts of its own).
 */
export const createPageRenderer: PageRendererModule['createPageRenderer'] = (options) => {
  const renderer = import('@/app/page-renderer').then(({ createPageRenderer: create }) => create(options));
  return async (request) => (await renderer)(request);
};
