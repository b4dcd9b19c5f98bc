import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ProductList } from '../../../contract/catalogue';
import { SHOP_WORD_ENTRIES_MAX, type ShopWord, type ShopWordList } from '../../../contract/shop-words';
import { newId } from '../../db/ids';
import { shopWords } from '../../db/schema';
import { body, useShop } from '../../test/harness';
import { insertCategory, insertProduct } from '../products/test-fixtures';
import { indexStaleProducts } from './product-keys';
import { seedShopWords, shopWordKeys } from './shop-words';

const t = useShop({ people: true });

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = t.admin.headers) =>
  t.app.inject({ method, url: `/api/shop-words${url}`, payload: payload as object, headers });
const searchNames = async (query: string) =>
  body<ProductList>(await t.app.inject({ url: `/api/products?search=${encodeURIComponent(query)}` })).data.data.map((product) => product.productName);

describe('the shop words the back office edits', () => {
  it('lists the entries in the order they were added, a page at a time, and finds them by a word', async () => {
    await seedShopWords(t.db);
    const first = body<ShopWordList>(await send('GET', '?limit=2')).data;
    expect(first.data.map((entry) => entry.words[0])).toEqual(['rice', 'lentil']);
    expect(first.total).toBeGreaterThan(150);
    const honey = body<ShopWordList>(await send('GET', `?search=${encodeURIComponent('মধু')}`)).data;
    expect(honey.data.map((entry) => entry.words)).toEqual([['honey', 'মধু', 'modhu', 'madhu']]);
    expect(body<ShopWordList>(await send('GET', '?search=100%25')).data.data).toEqual([]);
  });

  it('adds, changes and removes an entry, and the next search follows at once (the lists are emptied)', async () => {
    const category = await insertCategory(t.db, 'Groceries');
    await insertProduct(t.db, { name: 'Sundarban Honey', categoryId: category.id });
    expect(await searchNames('madhu')).toEqual([]);

    const added = await send('POST', '', { words: [' madhu ', 'honey', 'Honey'] });
    expect(added.statusCode).toBe(201);
    const entry = body<ShopWord>(added).data;
    expect(entry.words).toEqual(['madhu', 'honey']);
    expect(await searchNames('madhu')).toEqual(['Sundarban Honey']);

    const changed = await send('PUT', `/${entry._id}`, { words: ['মৌ', 'honey'] });
    expect(body<ShopWord>(changed).data.words).toEqual(['মৌ', 'honey']);
    expect(await searchNames('madhu')).toEqual([]);
    expect(await searchNames('mou')).toEqual(['Sundarban Honey']);

    expect((await send('DELETE', `/${entry._id}`)).statusCode).toBe(200);
    expect(await searchNames('mou')).toEqual([]);
    expect((await send('DELETE', `/${entry._id}`)).statusCode).toBe(404);
    expect((await send('PUT', `/${entry._id}`, { words: ['a', 'b'] })).statusCode).toBe(404);
  });

  it('refuses entries that are not a group of words, with a message', async () => {
    for (const words of [
      [],
      ['rice'],
      ['rice', 'RICE'],
      ['rice', ''],
      ['rice', '!!!'],
      ['rice', 'x'.repeat(61)],
      ['rice', 'chal\ndal'],
      Array.from({ length: 21 }, (_, i) => `w${i}`),
    ]) {
      const res = await send('POST', '', { words });
      expect(res.statusCode, JSON.stringify(words)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect((await send('POST', '', { words: 'rice chal' })).statusCode).toBe(400);
  });

  it('keeps the dictionary bounded', async () => {
    await t.db
      .insert(shopWords)
      .values(Array.from({ length: SHOP_WORD_ENTRIES_MAX }, (_, i) => ({ id: newId(), words: [`w${i}`, `v${i}`], keys: [`w${i}`, `v${i}`] })));
    const res = await send('POST', '', { words: ['one', 'more'] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'shopWordsFull' });
  });

  it('answers the admins only', async () => {
    for (const headers of [t.seller.headers, t.alice.headers]) {
      expect((await send('GET', '', undefined, headers)).statusCode).toBe(403);
      expect((await send('POST', '', { words: ['a1', 'b1'] }, headers)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ url: '/api/shop-words' })).statusCode).toBe(401);
  });

  it('writes the keys again where the search rules now write them otherwise', async () => {
    const [entry] = await t.db
      .insert(shopWords)
      .values({ id: newId(), words: ['phol', 'fruit'], keys: ['phol', 'fruit'] })
      .returning();
    await indexStaleProducts(t.db);
    const [row] = await t.db.select().from(shopWords).where(eq(shopWords.id, entry!.id));
    expect(row!.keys).toEqual(shopWordKeys(['phol', 'fruit']));
    expect(row!.keys).toContain('fol');
  });
});
