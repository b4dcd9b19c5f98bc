import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ProductList } from '../../../contract/catalogue';
import { keysOfWord } from '../../../contract/search';
import { searchTerms, searchTermVariants } from '../../db/schema';
import { body, useShop } from '../../test/harness';
import { insertCategory, insertProduct } from '../products/test-fixtures';
import { indexStaleProducts } from './product-keys';

/**
 * The search terms (the words a word's start, a typo and "did you mean" are found among) are exactly the words of the
 * published products' names, tags and categories: whatever changes a product or a category, a word no published
 * product carries any more is no longer a term, and one that another product still carries stays.
 */
const t = useShop({ people: true });

const key = (word: string) => keysOfWord(word)[0]!;
const terms = async () => new Set((await t.db.select({ term: searchTerms.term }).from(searchTerms)).map((row) => row.term));
const variantsOf = async (word: string) =>
  (
    await t.db
      .select({ n: count() })
      .from(searchTermVariants)
      .where(eq(searchTermVariants.term, key(word)))
  )[0]!.n;
/** The terms the published products' stored keys give: what the table must hold, no more and no less. */
const usedTerms = async () =>
  new Set(
    (
      (await t.db.execute(
        sql`select distinct substr(k, 3) as term from products p cross join lateral unnest(p.search_keys) as k
          where p.status = 'published' and substr(k, 1, 2) in ('n:', 't:', 'c:')`,
      )) as unknown as { rows: { term: string }[] }
    ).rows.map((row) => row.term),
  );
const search = async (query: string) => body<ProductList>(await t.app.inject({ url: `/api/products?search=${encodeURIComponent(query)}` })).data;
const names = (list: ProductList) => list.data.map((product) => product.productName);
const put = (id: string, payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: `/api/products/${id}`, payload, headers: t.admin.headers });
const del = (id: string) => t.app.inject({ method: 'DELETE', url: `/api/products/${id}`, headers: t.admin.headers });

describe('the search terms', () => {
  it("drops a renamed product's old word, so a typo of it is corrected to a word that finds products", async () => {
    const lamps = await insertCategory(t.db, 'Lamps');
    const lamp = await insertProduct(t.db, { name: 'Tumbaxo Lamp', categoryId: lamps.id });
    await insertProduct(t.db, { name: 'Tumboxu Kettle', categoryId: lamps.id });
    // One typo from the lamp's word, two from the kettle's: the lamp is found by its typo.
    expect(names(await search('tumbaxi'))).toEqual(['Tumbaxo Lamp']);
    expect(await terms()).toContain(key('tumbaxo'));

    expect((await put(lamp.id, { productName: 'Plain Lamp' })).statusCode).toBe(200);
    expect(await terms()).not.toContain(key('tumbaxo'));
    expect(await variantsOf('tumbaxo')).toBe(0);
    // Still carried by the kettle and the renamed lamp.
    for (const word of ['lamp', 'lamps', 'tumboxu', 'plain']) expect(await terms(), word).toContain(key(word));

    // The nearest word the shop has now is the kettle's: "did you mean" offers it, and it finds the kettle.
    const corrected = await search('tumbaxi');
    expect(corrected.correctedSearch).toBe('tumboxu');
    expect(names(corrected)).toEqual(['Tumboxu Kettle']);
    // The old word itself is no term: nothing is found by it, and nothing is offered for it but a word that finds.
    const old = await search('tumbaxo');
    expect(old.correctedSearch).toBe('tumboxu');
    expect(names(old)).toEqual(['Tumboxu Kettle']);
    expect(await terms()).toEqual(await usedTerms());
  });

  it("drops a deleted product's own words with their variants, and keeps the words another product carries", async () => {
    const kitchen = await insertCategory(t.db, 'Kitchen');
    const gone = await insertProduct(t.db, { name: 'Morvish Kettle', tags: ['lovind'], categoryId: kitchen.id });
    await insertProduct(t.db, { name: 'Steel Kettle', categoryId: kitchen.id });
    expect(names(await search('kettle')).sort()).toEqual(['Morvish Kettle', 'Steel Kettle']);
    expect(await variantsOf('morvish')).toBeGreaterThan(0);

    expect((await del(gone.id)).statusCode).toBe(200);
    const after = await terms();
    for (const word of ['morvish', 'lovind']) expect(after, word).not.toContain(key(word));
    for (const word of ['kettle', 'steel', 'kitchen']) expect(after, word).toContain(key(word));
    expect(await variantsOf('morvish')).toBe(0);
    expect(await variantsOf('lovind')).toBe(0);
    const lost = await search('morvis');
    expect(lost.correctedSearch).toBeUndefined();
    expect(names(lost)).toEqual([]);
    expect(names(await search('kettle'))).toEqual(['Steel Kettle']);
    expect(after).toEqual(await usedTerms());
  });

  it("keeps a draft's words out, so no shopper is offered them, and takes them back when it is published", async () => {
    const gadgets = await insertCategory(t.db, 'Gadgets');
    const draft = await insertProduct(t.db, { name: 'Vantrox Speaker', categoryId: gadgets.id });
    await insertProduct(t.db, { name: 'Pocket Speaker', categoryId: gadgets.id });
    expect(names(await search('vantrox'))).toEqual(['Vantrox Speaker']);

    expect((await put(draft.id, { status: 'draft' })).statusCode).toBe(200);
    expect(await terms()).not.toContain(key('vantrox'));
    expect(await terms()).toContain(key('speaker'));
    const hidden = await search('vantrix');
    expect(hidden.correctedSearch).toBeUndefined();
    expect(names(hidden)).toEqual([]);
    expect(await terms()).toEqual(await usedTerms());

    expect((await put(draft.id, { status: 'published' })).statusCode).toBe(200);
    expect(await terms()).toContain(key('vantrox'));
    expect(names(await search('vantrix'))).toEqual(['Vantrox Speaker']);
  });

  it("drops a renamed category's old word once its products are written again, before the next search reads", async () => {
    const category = await insertCategory(t.db, 'Crockery');
    await insertProduct(t.db, { name: 'Tea Cup', categoryId: category.id });
    expect(names(await search('crockery'))).toEqual(['Tea Cup']);
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/categories/${category.id}`,
      payload: { categoryName: 'Tableware' },
      headers: t.admin.headers,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(names(await search('tableware'))).toEqual(['Tea Cup']);
    expect(await terms()).not.toContain(key('crockery'));
    const old = await search('crockery');
    expect(old.correctedSearch).toBeUndefined();
    expect(names(old)).toEqual([]);
  });

  it('stays exact when products are renamed, deleted, drafted and added at once, the background writer running too', async () => {
    const category = await insertCategory(t.db, 'Pantry');
    const words = ['saffrel', 'turvani', 'morlick', 'pindaro'];
    const made = await Promise.all(
      words.flatMap((word, i) => [0, 1].map((n) => insertProduct(t.db, { name: `${word} Jar ${i}${n}`, categoryId: category.id }))),
    );
    await search('jar');
    await Promise.all([
      ...made.filter((_, i) => i % 4 === 0).map((product) => del(product.id)),
      ...made.filter((_, i) => i % 4 === 1).map((product, i) => put(product.id, { productName: `${words[(i + 1) % words.length]} Tin` })),
      ...made.filter((_, i) => i % 4 === 2).map((product) => put(product.id, { status: 'draft' })),
      ...words.map((word) => insertProduct(t.db, { name: `${word} Box`, categoryId: category.id })),
      indexStaleProducts(t.db),
      search('saffrel'),
    ]);
    await indexStaleProducts(t.db);
    expect(await terms()).toEqual(await usedTerms());
    for (const word of ['jar', 'tin', 'box', 'pantry', ...words]) expect(await terms(), word).toContain(key(word));
  });
});
