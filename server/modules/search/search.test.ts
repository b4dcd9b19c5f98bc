import { beforeAll, describe, expect, it } from 'vitest';
import { SUGGESTED_PRODUCTS, type ProductList, type Suggestions } from '../../../contract/catalogue';
import { seedCatalogue } from '../../seed/catalogue';
import { body, useShop } from '../../test/harness';
import { openMediaStorage } from '../media/storage';
import { seedShopWords } from './shop-words';

/**
 * What a shopper in Bangladesh types, and what the demo catalogue must answer: `first` is the name of the first
 * product (by relevance), `ahead` names the products that all come before any other (relevance order), `all` names
 * every product found (a name may be there several times), `some` names products among those found, `none` names
 * products that must not be found, `nothing` says the query as typed finds nothing. Names carry the seed's suffixes
 * ('— Premium'), and a product is also found by its category ('Multi Cooker' in Rice Cookers by 'chal').
 */
type Expected = { first?: RegExp; ahead?: RegExp; all?: RegExp; some?: string[]; none?: RegExp; nothing?: true };

const QUERIES: [query: string, expected: Expected][] = [
  // Typos: one from 4 letters, two from 8.
  ['sneekers', { first: /^Canvas Sneakers/ }],
  ['snekars', { first: /^Canvas Sneakers/ }],
  ['sneakrs', { first: /^Canvas Sneakers/ }],
  ['smartphoen', { all: /Smartphone/ }],
  ['hony', { first: /Honey/ }],
  ['shampo', { all: /Shampoo/ }],
  ['footbal', { first: /Football/ }],
  ['jersy', { all: /Jersey/ }],
  ['chanachor', { first: /Chanachur/ }],
  ['mustad oil', { first: /Mustard Oil/ }],
  ['termaric', { first: /Turmeric/ }],
  // Fewer letters allow fewer typos: none under 4, one under 8.
  ['tae', { nothing: true }],
  ['hunny', { nothing: true }],
  // Banglish and Bangla, both ways.
  ['pather panchali', { first: /^পথের পাঁচালী$/ }],
  ['pother pachali', { first: /^পথের পাঁচালী$/ }],
  ['debdas', { all: /^দেবদাস$/ }],
  ['devdas', { all: /^দেবদাস$/ }],
  ['hajar bochor dhore', { all: /^হাজার বছর ধরে$/ }],
  ['jamdani', { first: /^জামদানি শাড়ি/ }],
  ['shari', { some: ['জামদানি শাড়ি'] }],
  ['ator', { some: ['আতর — মেশক আম্বর', 'Oud Attar'] }],
  ['nokshi kantha', { some: ['নকশি কাঁথা', 'Hand-Stitched Nakshi Kantha Throw'] }],
  ['chal', { first: /Rice/, none: /পাঁচালী/ }],
  ['চাল', { first: /Rice/, none: /পাঁচালী/ }],
  ['পাঁচালী', { all: /^পথের পাঁচালী$/ }],
  // A Bangla word inside another is no match: জার (jar) finds the 3-jar blender, not হাজার বছর ধরে.
  ['জার', { first: /Jar Blender/, none: /হাজার/ }],
  ['মধু', { first: /Honey/ }],
  ['modhu', { first: /Honey/ }],
  ['পাঞ্জাবি', { some: ['পাঞ্জাবি — হাতের কাজ', 'Silk Panjabi', 'Eid Cotton Panjabi'] }],
  ['punjabi', { some: ['Silk Panjabi'] }],
  ['শাড়ি', { some: ['জামদানি শাড়ি', 'Tangail Cotton Saree'] }],
  ['saree', { first: /Saree|শাড়ি/ }],
  ['আতর', { some: ['আতর — মেশক আম্বর', 'Oud Attar'] }],
  // One Bangla sound, written with either letters: ph and f (ফোন), bh and v, z and j.
  ['fon', { some: ['Dual-SIM Feature Phone', 'Big-Battery Button Phone'] }],
  ['ফোন', { some: ['Dual-SIM Feature Phone', 'Big-Battery Button Phone'] }],
  ['smartfon', { all: /Smartphone/ }],
  // Shop words: everyday words across languages.
  ['চা', { some: ['চা পাতা — শ্রীমঙ্গল', 'Sylhet Premium Tea'] }],
  ['cha', { some: ['Green Tea Leaves'] }],
  ['mobile', { some: ['Android Smartphone 4/64 GB'] }],
  ['lentil', { first: /Dal/ }],
  ['dal', { first: /Dal/ }],
  ['tel', { some: ['Pure Mustard Oil'] }],
  ['juta', { some: ['Running Shoes'] }],
  ['holud', { all: /Turmeric/ }],
  ['morich', { some: ['Chilli Powder'] }],
  // Whole words and word starts.
  ['sneak', { first: /^Canvas Sneakers/ }],
  ['panj', { first: /Panjabi|পাঞ্জাবি/ }],
  ['pan', { first: /Pan\b/, ahead: /\bPan\b/ }],
  // Relevance: the exact word in the name first (Bangladesh Team Jersey, a word start, comes later), then sales.
  ['tea', { first: /\bTea\b|চা/, ahead: /\bTea\b|চা/ }],
  ['honey', { first: /Honey/, ahead: /Honey|মধু/ }],
  // A word in the name before the same word in the tags or the category (Multi Cooker is in Rice Cookers).
  ['rice', { first: /Rice/, ahead: /\bRice\b|চাল/, some: ['Multi Cooker 2.8 L'] }],
  ['cotton saree', { all: /^Tangail Cotton Saree$/ }],
  ['xyzzy', { nothing: true }],
];

const t = useShop({ shareData: true });
const search = async (query: string, extra = '') =>
  body<ProductList>(await t.app.inject({ method: 'GET', url: `/api/products?limit=0&search=${encodeURIComponent(query)}${extra}` })).data;

beforeAll(async () => {
  await seedCatalogue(t.db, { storage: openMediaStorage(t.config.mediaStorage) });
  await seedShopWords(t.db);
}, 120_000);

describe('search over the demo catalogue', () => {
  it(`has a table of at least 40 queries`, () => {
    expect(QUERIES.length).toBeGreaterThanOrEqual(40);
  });

  it.each(QUERIES)('%s', async (query, expected) => {
    const list = await search(query);
    const names = list.data.map((product) => product.productName);
    if (expected.nothing) {
      // What the query itself finds: nothing, though a closer query may be answered instead.
      const typed = await search(query, '&asTyped=1');
      expect(typed.data.map((product) => product.productName)).toEqual([]);
      if (list.correctedSearch === undefined) expect(names).toEqual([]);
      else expect(list.correctedSearch).not.toBe(query);
      return;
    }
    expect(list.correctedSearch, `${query} was corrected`).toBeUndefined();
    expect(names.length, `nothing found for ${query}`).toBeGreaterThan(0);
    if (expected.first) expect(names[0]).toMatch(expected.first);
    if (expected.ahead) {
      const leading = names.filter((name) => expected.ahead!.test(name)).length;
      expect(leading, `nothing ahead for ${query}`).toBeGreaterThan(0);
      expect(names.slice(0, leading), `the order for ${query}`).toEqual(names.filter((name) => expected.ahead!.test(name)));
    }
    if (expected.all) for (const name of names) expect(name).toMatch(expected.all);
    if (expected.some) expect(names).toEqual(expect.arrayContaining(expected.some));
    if (expected.none) for (const name of names) expect(name).not.toMatch(expected.none);
  });

  it('orders by relevance, then sales: exact names before word starts, and an asked-for sort wins', async () => {
    const relevant = (await search('tea')).data;
    const teaNames = relevant.filter((p) => /\bTea\b|চা/.test(p.productName));
    expect(relevant.slice(0, teaNames.length)).toEqual(teaNames);
    const sales = teaNames.map((p) => p.sales);
    expect(sales).toEqual([...sales].sort((a, b) => b - a));
    const byPrice = (await search('tea', '&sortBy=priceAsc')).data.map((p) => p.productPrice);
    expect(byPrice).toEqual([...byPrice].sort((a, b) => a - b));
  });

  it('answers a search that matches nothing with the closest query that does, and says so', async () => {
    const tae = await search('tae');
    expect(tae.correctedSearch).toBe('tea');
    expect(tae.data[0]!.productName).toMatch(/Tea|চা/);
    // A word that meets nothing is replaced by the nearest word the shop has, as the shop writes it; the others stay.
    const sneakers = await search('canvas sneekrz');
    expect(sneakers.correctedSearch).toMatch(/^canvas \S+$/);
    expect(sneakers.correctedSearch).not.toBe('canvas sneekrz');
    expect(sneakers.data[0]!.productName).toMatch(/^Canvas Sneakers/);
    // Words that each meet products but not together: a word is dropped, from the last.
    const honeyFootball = await search('honey football');
    expect(honeyFootball.correctedSearch).toBe('honey');
    expect(honeyFootball.data[0]!.productName).toMatch(/Honey|মধু/);
    // The search as typed, asked for: nothing, and no correction.
    expect(await search('tae', '&asTyped=1')).toMatchObject({ total: 0, data: [] });
    expect((await search('tae', '&asTyped=1')).correctedSearch).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: '/api/products?search=tae&asTyped=yes' })).statusCode).toBe(400);
    // Nothing near: nothing found, and no correction.
    const nothing = await search('xyzzy');
    expect(nothing.correctedSearch).toBeUndefined();
    expect(nothing.data).toEqual([]);
    // The filters still apply to the corrected query.
    const inBooks = await search('tae', '&category=Books');
    for (const product of inBooks.data) expect(product.productCategory.categoryName).toBe('Books');
  });

  it('suggests a few products and the categories a query names, as the shopper types', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/products/suggest?q=${encodeURIComponent('sneak')}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const { products, categories } = body<Suggestions>(res).data;
    expect(products.length).toBeGreaterThan(0);
    expect(products.length).toBeLessThanOrEqual(SUGGESTED_PRODUCTS);
    expect(products[0]!.productName).toMatch(/^Canvas Sneakers/);
    expect(categories.map((c) => c.categoryName)).toEqual([]);
    const books = body<Suggestions>(await t.app.inject({ method: 'GET', url: '/api/products/suggest?q=boo' })).data;
    expect(books.categories.map((c) => c.categoryName)).toEqual(['Books']);
    expect((await t.app.inject({ method: 'GET', url: '/api/products/suggest?q=' })).statusCode).toBe(400);
  });
});
