import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { LIST_ALL_MAX, LIST_TOTAL_MAX, type ProductList } from '../../../contract/catalogue';
import { products } from '../../db/schema';
import { seedCatalogue } from '../../seed/catalogue';
import { openMediaStorage } from '../media/storage';
import { LIST_CACHE_BYTES } from '../../http/response-cache';
import { body, useShop } from '../../test/harness';
import { insertProduct } from './test-fixtures';

/**
 * The attack: `GET /api/products?limit=0&minPrice=0.<n>1` with a different `n` each time, on a 10,000-product
 * catalogue. Every query is distinct, so each answer was computed whole and kept; the process ran out of memory
 * after 165 of them. The heap must stay flat however many distinct queries come.
 */
const PRODUCTS = 10_000;
const QUERIES = 600;
/** The heap may grow by the list cache's bound plus this much for everything else (the answers in flight, V8's own). */
const HEAP_SLACK = 32 * 1024 * 1024;

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
const heapUsed = () => {
  collectGarbage();
  return process.memoryUsage().heapUsed;
};

const t = useShop({ env: { LIST_CACHE_SECONDS: '600' }, shareData: true });
let baseUrl: string;
beforeAll(async () => {
  await seedCatalogue(t.db, { storage: openMediaStorage(t.config.mediaStorage), products: PRODUCTS });
  // Over real HTTP: `inject()` keeps something of every response it makes, which would be measured as the server's.
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 180_000);

describe('product lists under a flood of distinct queries', () => {
  it('answers limit=0 with at most LIST_ALL_MAX products and the true total', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/products?limit=0' });
    expect(res.statusCode).toBe(200);
    const list = body<ProductList>(res).data;
    expect(list.total).toBeGreaterThanOrEqual(PRODUCTS);
    expect(list.count).toBe(LIST_ALL_MAX);
    expect(list.data).toHaveLength(LIST_ALL_MAX);
    expect(list.pages).toBe(Math.ceil(list.total / LIST_ALL_MAX));
  });

  it(`keeps the heap within the list cache's bound plus ${HEAP_SLACK / 1024 / 1024} MB over ${QUERIES} distinct queries`, async () => {
    const bound = LIST_CACHE_BYTES + HEAP_SLACK;
    const before = heapUsed();
    let peak = 0;
    for (let n = 0; n < QUERIES; n += 1) {
      const res = await fetch(`${baseUrl}/api/products?limit=0&minPrice=0.${n}1`);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      if (n % 20 === 19) {
        peak = Math.max(peak, heapUsed() - before);
        // Fail at the first sign, rather than after the machine runs out of memory.
        expect(peak, `heap grew by ${Math.round(peak / 1024 / 1024)} MB after ${n + 1} queries`).toBeLessThan(bound);
      }
    }
    console.log(`heap growth over ${QUERIES} distinct queries: at most ${Math.round(peak / 1024 / 1024)} MB (bound ${bound / 1024 / 1024} MB)`);
    expect(peak).toBeLessThan(bound);
  }, 300_000);

  it('uses the search keys index for searches and the sort indexes for the first page', async () => {
    await t.db.execute(sql`analyze products`);
    const plan = async (query: ReturnType<typeof sql>) =>
      ((await t.db.execute(sql`explain ${query}`)) as unknown as { rows: Record<string, string>[] }).rows.map((row) => Object.values(row)[0]).join('\n');
    const search = sql`${products.searchKeys} && array['n:sari', 't:sari']`;
    expect(await plan(sql`select count(*) from ${products} where ${search}`)).toContain('products_search_keys_idx');
    expect(
      await plan(sql`select ${products.id} from ${products} order by ${products.sales} desc, ${products.createdAt} desc, ${products.id} desc limit 12`),
    ).toContain('products_sales_idx');
  });

  it(`counts at most ${LIST_TOTAL_MAX} matches and answers pages beyond them empty`, async () => {
    const [any] = await t.db.select({ categoryId: products.categoryId }).from(products).limit(1);
    for (let i = 0; i < 10; i += 1) await insertProduct(t.db, { categoryId: any!.categoryId, name: `Extra ${i}` });
    const list = async (query: string) => body<ProductList>(await t.app.inject({ method: 'GET', url: `/api/products${query}` })).data;
    const first = await list('?minPrice=0');
    expect(first).toMatchObject({ count: 10, total: LIST_TOTAL_MAX, pages: LIST_TOTAL_MAX / 10 });
    expect((await list(`?minPrice=0&page=${LIST_TOTAL_MAX / 10}`)).count).toBe(10);
    expect(await list(`?minPrice=0&page=${LIST_TOTAL_MAX / 10 + 1}`)).toEqual({
      count: 0,
      total: LIST_TOTAL_MAX,
      page: LIST_TOTAL_MAX / 10 + 1,
      pages: LIST_TOTAL_MAX / 10,
      data: [],
    });
    expect((await list('?limit=100&page=100')).count).toBe(100);
    expect((await list('?limit=100&page=101')).count).toBe(0);
  });
});
