import { describe, expect, it } from 'vitest';
import { chunksByRoute } from './chunks';

describe('chunksByRoute', () => {
  const all = ['index.js', 'home.js', 'products.js', 'product.js', 'zod.js', 'dialog.js'];

  it("lists each route's chunks beyond the first visit, once each and sorted", () => {
    const { routes } = chunksByRoute(
      all,
      ['index.js', 'home.js'],
      [
        { route: '/products', scripts: ['index.js', 'products.js'] },
        { route: '/products/$id', scripts: ['zod.js', 'index.js', 'product.js', 'zod.js'] },
        { route: '/cart', scripts: ['index.js', 'home.js'] },
      ],
    );
    expect(routes).toEqual([
      { route: '/products', chunks: ['products.js'] },
      { route: '/products/$id', chunks: ['product.js', 'zod.js'] },
      { route: '/cart', chunks: [] },
    ]);
  });

  it('names the chunks neither the first visit nor any route loaded', () => {
    const { unreached } = chunksByRoute(all, ['index.js', 'home.js'], [{ route: '/products', scripts: ['products.js'] }]);
    expect(unreached).toEqual(['dialog.js', 'product.js', 'zod.js']);
  });
});
