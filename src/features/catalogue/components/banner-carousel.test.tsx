import { createRoute } from '@tanstack/react-router';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Banner } from '@contract/catalogue';
import { renderInRouter } from '@/test/render-in-router';
import BannerCarousel from './banner-carousel';

const BANNERS: Banner[] = [
  { _id: 'b1', bannerImage: '/media/0123456789abcdef0123456789abcdef.jpg', bannerOffer: 20, bannerCategory: { _id: 'c1', categoryName: 'Fashion' } },
  { _id: 'b2', bannerImage: '/media/1123456789abcdef0123456789abcdef.jpg', bannerOffer: 0, bannerCategory: null },
];

function Offers() {
  return (
    <section aria-label="Offers">
      <BannerCarousel banners={BANNERS} />
    </section>
  );
}

function renderCarousel() {
  return renderInRouter((root) => [createRoute({ getParentRoute: () => root, path: '/', component: Offers })], { at: '/' });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'connection');
});

describe('BannerCarousel under data saver', () => {
  it('autoplays on a good connection, with a button to pause it', async () => {
    Object.defineProperty(navigator, 'connection', { value: { saveData: false, effectiveType: '4g' }, configurable: true });
    await renderCarousel();
    const offers = await screen.findByRole('region', { name: 'Offers' });
    expect(await within(offers).findByRole('button', { name: 'Pause banners' })).toBeInTheDocument();
  });

  it('does not autoplay under Save-Data: no pause button, the bullets still move it', async () => {
    Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });
    await renderCarousel();
    const offers = await screen.findByRole('region', { name: 'Offers' });
    expect(await within(offers).findByRole('button', { name: 'Go to banner 2' })).toBeInTheDocument();
    expect(within(offers).queryByRole('button', { name: /banners$/ })).not.toBeInTheDocument();
  });
});
