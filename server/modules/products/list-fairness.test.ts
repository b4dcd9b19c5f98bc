import { describe, expect, it } from 'vitest';
import { useShop } from '../../test/harness';
import { insertCategory, insertProduct } from './test-fixtures';

// Behind a load balancer: each client address counts on its own.
const t = useShop({ env: { TRUST_PROXY: 'true', LIST_CACHE_SECONDS: '10' } });

/** A list nobody asked for yet (the search differs), so each one is computed, not served from memory. */
const list = (address: string, search: string) =>
  t.app.inject({ method: 'GET', url: `/api/products?search=${search}`, headers: { 'x-forwarded-for': address } });

describe('the product lists under one greedy client', () => {
  it("make the greedy client wait or come back (429) and answer everyone else's lists", async () => {
    const category = await insertCategory(t.db, 'Groceries');
    for (let i = 0; i < 40; i += 1) await insertProduct(t.db, { categoryId: category.id, name: `Sylhet Tea ${i}` });

    // 200 lists at once from addresses of one IPv6 /64 (a host may take any of them), and a shopper's page of three.
    const greedy = Array.from({ length: 200 }, (_, i) => list(`2001:db8:bad:1::${(i + 1).toString(16)}`, `greedy${i}`));
    const shopper = Array.from({ length: 3 }, (_, i) => list('203.0.113.7', `tea${i}`));
    const [greedyAnswers, shopperAnswers] = await Promise.all([Promise.all(greedy), Promise.all(shopper)]);

    expect(shopperAnswers.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    const statuses = greedyAnswers.map((res) => res.statusCode);
    // Its share (two computing, eight waiting, each for two seconds at most) is answered; the rest of its own are
    // refused at once, with when to come back.
    expect(statuses.filter((status) => status === 200).length, statuses.join()).toBeGreaterThanOrEqual(2);
    expect(statuses.filter((status) => status !== 200 && status !== 429 && status !== 503)).toEqual([]);
    const refused = greedyAnswers.filter((res) => res.statusCode === 429);
    expect(refused.length).toBeGreaterThan(150);
    expect(refused.every((res) => res.headers['retry-after'] === '2')).toBe(true);
  });
});
