import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '@/i18n/messages';
import type { Banner } from '@contract/catalogue';
import { renderPage } from '@/test/render';
import BannerCarousel from './banner-carousel';

const BANNERS: Banner[] = [
  {
    _id: 'b1',
    bannerImage: '/media/0123456789abcdef0123456789abcdef.jpg',
    bannerOffer: 20,
    bannerCategory: { _id: 'c1', categoryName: 'Fashion', categoryNameBn: null },
    position: 1,
  },
  { _id: 'b2', bannerImage: '/media/1123456789abcdef0123456789abcdef.jpg', bannerOffer: 0, bannerCategory: null, position: 2 },
];

const THREE_BANNERS: Banner[] = [
  ...BANNERS,
  {
    _id: 'b3',
    bannerImage: '/media/2123456789abcdef0123456789abcdef.jpg',
    bannerOffer: 10,
    bannerCategory: { _id: 'c2', categoryName: 'Books', categoryNameBn: null },
    position: 3,
  },
];

function renderCarousel(banners = BANNERS) {
  return renderPage(
    <section aria-label="Offers">
      <BannerCarousel banners={banners} />
    </section>,
    { at: '/' },
  );
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

describe('BannerCarousel images', () => {
  it('tells a screen reader in Bangla that these are the slides of a carousel', async () => {
    await act(() => setLocale('bn'));
    try {
      await renderCarousel(THREE_BANNERS);
      expect(document.querySelectorAll('[aria-roledescription="স্লাইড"]')).toHaveLength(3);
      expect(document.querySelector('[aria-roledescription="slide"]')).toBeNull();
    } finally {
      await act(() => setLocale('en'));
    }
  });

  it('fetches only the image of the first slide up front, the others once it has loaded', async () => {
    await renderCarousel(THREE_BANNERS);
    const offers = await screen.findByRole('region', { name: 'Offers' });
    const images = () => [...offers.querySelectorAll('img')].map((img) => img.alt);
    expect(images()).toEqual(['Fashion offer']);
    // The other slides are there all the same (their box keeps its size).
    expect(offers.querySelectorAll('[aria-roledescription="slide"] > a')).toHaveLength(3);

    fireEvent.load(within(offers).getByAltText('Fashion offer'));
    await waitFor(() => expect(images()).toEqual(['Fashion offer', 'Offer on all products', 'Books offer']));
  });
});
