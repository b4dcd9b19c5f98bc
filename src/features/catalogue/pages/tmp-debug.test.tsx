import { screen } from '@testing-library/react';
import { it, vi } from 'vitest';
import { list, makeProduct, ok, renderCatalogue, stubApi } from '../test/render';
it('dbg', async () => {
  const f = stubApi({ '/categories': ok([{ _id: 'c1', categoryName: 'Fashion', categoryImage: '' }]), '/banner': ok([]), '/products': () => list([makeProduct(1)]) });
  await renderCatalogue('/');
  await new Promise((r) => setTimeout(r, 1500));
  console.log('calls', f.mock.calls.map(([u]) => String(u)));
  console.log(document.body.innerHTML.length, !!screen.queryByText('Fashion'));
  vi.unstubAllGlobals();
});
