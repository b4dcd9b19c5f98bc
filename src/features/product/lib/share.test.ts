import { describe, expect, it } from 'vitest';
import { shareLinks } from './share';

describe('shareLinks', () => {
  it('builds the Facebook, Twitter and WhatsApp share addresses with the product address encoded', () => {
    const links = shareLinks('https://haat.example/products/p1', 'চা পাতা & more');
    expect(links.facebook).toBe('https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fhaat.example%2Fproducts%2Fp1');
    expect(links.twitter).toBe(`https://twitter.com/intent/tweet?url=https%3A%2F%2Fhaat.example%2Fproducts%2Fp1&text=${encodeURIComponent('চা পাতা & more')}`);
    const whatsapp = new URL(links.whatsapp);
    expect(whatsapp.origin).toBe('https://wa.me');
    expect(whatsapp.searchParams.get('text')).toBe('চা পাতা & more https://haat.example/products/p1');
  });
});
