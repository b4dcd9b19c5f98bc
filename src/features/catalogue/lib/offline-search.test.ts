import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ProductList } from '@contract/catalogue';
import { productKeys } from '@/lib/product-queries';
import { makeProduct } from '@/test/fixtures';
import { savedProductKeys, savedProducts, searchSavedProducts } from './offline-search';

const sneakers = makeProduct({
  _id: 'sneakers',
  productName: 'Canvas Sneakers',
  productDescription: 'Light shoes for every day.',
  searchTags: ['shoes', 'footwear'],
  productCategory: { _id: 'fashion', categoryName: 'Fashion', categoryNameBn: 'ফ্যাশন' },
  productPrice: 1800,
  sales: 5,
});
const novel = makeProduct({
  _id: 'novel',
  productName: 'পথের পাঁচালী',
  productDescription: 'The novel of Apu’s childhood.',
  searchTags: ['novel'],
  productCategory: { _id: 'books', categoryName: 'Books', categoryNameBn: 'বই' },
  productPrice: 350,
  sales: 50,
});
const rice = makeProduct({
  _id: 'rice',
  productName: 'Miniket Rice 5 kg',
  productNameBn: 'মিনিকেট চাল ৫ কেজি',
  productDescription: 'Polished rice for every meal.',
  searchTags: ['grocery'],
  productCategory: { _id: 'grocery', categoryName: 'Grocery', categoryNameBn: 'মুদি' },
  productPrice: 420,
  sales: 90,
});
const riceCooker = makeProduct({
  _id: 'cooker',
  productName: 'Electric Cooker',
  productDescription: 'Cooks rice and curry.',
  searchTags: ['rice', 'kitchen'],
  productCategory: { _id: 'home', categoryName: 'Home Appliances', categoryNameBn: null },
  productPrice: 2600,
  sales: 300,
});
const saved = [sneakers, novel, rice, riceCooker];

const found = (search: string, more: Parameters<typeof searchSavedProducts>[1] = {}) =>
  searchSavedProducts(saved, { ...more, search }).map((product) => product._id);

describe('searchSavedProducts', () => {
  it('finds a product through the typos its words allow', () => {
    expect(found('sneekers')).toEqual(['sneakers']);
    expect(found('snekars')).toEqual(['sneakers']);
    expect(found('canvas sneekers')).toEqual(['sneakers']);
  });

  it('allows no typo in a word of three letters', () => {
    expect(found('ric')).toEqual(['rice', 'cooker']); // the start of rice, the last word still being typed
    expect(found('rca shoes')).toEqual([]);
  });

  it('finds a Bangla name by its Banglish and a Latin word by its Bangla', () => {
    expect(found('pather panchali')).toEqual(['novel']);
    expect(found('pother pachali')).toEqual(['novel']);
    expect(found('chal')).toEqual(['rice']);
    expect(found('ফ্যাশন')).toEqual(['sneakers']);
  });

  it('matches Bangla by whole words, not inside another word', () => {
    expect(found('চাল')).toEqual(['rice']);
    expect(found('চাল কেজি')).toEqual(['rice']);
  });

  it('orders by relevance: a word in the name before one in the tags, however well the other sells', () => {
    expect(found('rice')).toEqual(['rice', 'cooker']);
  });

  it('orders by the sort asked for instead, and applies the listing’s other filters', () => {
    expect(found('rice', { sortBy: 'sales' })).toEqual(['cooker', 'rice']);
    expect(found('rice', { sortBy: 'priceAsc' })).toEqual(['rice', 'cooker']);
    expect(found('rice', { category: 'home' })).toEqual(['cooker']);
    expect(found('rice', { category: 'grocery' })).toEqual(['rice']);
    expect(found('rice', { maxPrice: 1000 })).toEqual(['rice']);
  });

  it('finds nothing for no words, and a product must meet every word', () => {
    expect(found('   ')).toEqual([]);
    expect(found('rice sneakers')).toEqual([]);
  });

  it('indexes the fields the server does: both names, tags, category names, description', () => {
    const keys = savedProductKeys(rice);
    expect(keys.name).toEqual(expect.arrayContaining(['miniket', 'rice', 'chal']));
    expect(keys.category).toEqual(expect.arrayContaining(['grocery', 'mudi']));
    expect(keys.description).toContain('polished');
  });
});

describe('savedProducts', () => {
  const list = (data: ReturnType<typeof makeProduct>[]): ProductList => ({ count: data.length, total: data.length, page: 1, pages: 1, data });

  it('gathers the products of saved lists and product pages, each once in its latest answer, never a draft', () => {
    const client = new QueryClient();
    client.setQueryData(productKeys.list({ page: 1 }), list([sneakers, { ...novel, productPrice: 300 }]), { updatedAt: 1 });
    client.setQueryData(productKeys.detail('novel'), novel, { updatedAt: 2 });
    client.setQueryData(productKeys.detail('missing'), null);
    client.setQueryData(productKeys.list({ search: 'x' }), list([makeProduct({ _id: 'draft', status: 'draft' })]));
    client.setQueryData(['categories'], [{ _id: 'c1' }]);

    const products = savedProducts(client);
    expect(products.map((product) => product._id).sort()).toEqual(['novel', 'sneakers']);
    expect(products.find((product) => product._id === 'novel')?.productPrice).toBe(350);
  });
});
