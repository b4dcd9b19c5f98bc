import { beforeEach, describe, expect, it } from 'vitest';
import type { CategoryWithProducts, Product, ProductList, Suggestions, Wishlist } from '../../../contract/catalogue';
import { body, type Person, useShop } from '../../test/harness';
import { checkoutSeed } from '../../seed/orders';
import { orderPayload, postOrder } from '../orders/test-fixtures';
import { fileBlob, insertCategory, insertProduct, picture } from './test-fixtures';

// A list cache that keeps answers for a minute: a draft must not come back through a cached list.
const t = useShop({ people: true, env: { LIST_CACHE_SECONDS: '60' } });

async function createProduct(person: Person, fields: Record<string, string>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('productImages', fileBlob(await picture(400, 300, 'jpeg'), 'image/jpeg'), 'tea.jpg');
  return t.app.inject({ method: 'POST', url: '/api/products', payload: form, headers: person.headers });
}

const get = (url: string, person?: Person) => t.app.inject({ method: 'GET', url, ...(person && { headers: person.headers }) });
const setStatus = (id: string, status: string, person: Person = t.seller) =>
  t.app.inject({ method: 'PUT', url: `/api/products/${id}`, payload: { status }, headers: person.headers });

const listed = async (url = '/api/products') => body<ProductList>(await get(url)).data.data.map((product) => product.productName);
const managed = async (query = '', person: Person = t.seller) =>
  body<ProductList>(await get(`/api/products/manage${query}`, person)).data.data.map((product) => [product.productName, product.status]);

let categoryId: string;
let sylhetTeaId: string;
beforeEach(async () => {
  await checkoutSeed.run(t.db);
  categoryId = (await insertCategory(t.db, 'Tea')).id;
  sylhetTeaId = (await insertProduct(t.db, { categoryId, name: 'Sylhet Tea', tags: ['cha'] })).id;
});

async function createDraft(): Promise<Product> {
  const res = await createProduct(t.seller, {
    name: 'Darjeeling Tea',
    originalPrice: '450',
    remainingProducts: '8',
    category: categoryId,
    searchTags: 'cha',
    status: 'draft',
  });
  expect(res.statusCode, res.body).toBe(201);
  const product = body<Product>(res).data;
  expect(product.status).toBe('draft');
  return product;
}

describe('draft products', () => {
  it('creates products published unless asked, and answers each product its state', async () => {
    const res = await createProduct(t.seller, { name: 'Assam Tea', originalPrice: '300', category: categoryId });
    expect(res.statusCode, res.body).toBe(201);
    expect(body<Product>(res).data.status).toBe('published');
    // Products written before states existed are published.
    expect(await listed()).toEqual(['Assam Tea', 'Sylhet Tea']);
  });

  it('shows a draft to its seller and admins only: shoppers get a 404, and no list, search, suggestion, home section or sitemap names it', async () => {
    const draft = await createDraft();
    for (const person of [undefined, t.alice, t.bob]) expect((await get(`/api/products/${draft._id}`, person)).statusCode).toBe(404);
    expect(body<Product>(await get(`/api/products/${draft._id}`, t.seller)).data.status).toBe('draft');
    expect((await get(`/api/products/${draft._id}`, t.admin)).statusCode).toBe(200);

    expect(await listed()).toEqual(['Sylhet Tea']);
    expect(await listed(`/api/products?category=${categoryId}`)).toEqual(['Sylhet Tea']);
    expect(await listed('/api/products?search=cha')).toEqual(['Sylhet Tea']);
    expect(await listed('/api/products?search=darjeeling')).toEqual([]);
    const suggestions = body<Suggestions>(await get('/api/products/suggest?q=tea')).data;
    expect(suggestions.products.map((product) => product.productName)).toEqual(['Sylhet Tea']);
    const sections = body<CategoryWithProducts[]>(await get('/api/products/categories-with-products')).data;
    expect(sections.flatMap((section) => section.products.map((product) => product.productName))).toEqual(['Sylhet Tea']);
    const sitemap = (await get('/sitemap.xml')).body;
    expect(sitemap).not.toContain(draft._id);
    expect(sitemap.match(/\/products\/[0-9a-f]{24}</g)).toHaveLength(1);
  });

  it('lists drafts in the back office with their state, filtered by it', async () => {
    await createDraft();
    expect(await managed()).toEqual([['Darjeeling Tea', 'draft']]);
    expect(await managed('?status=draft', t.admin)).toEqual([['Darjeeling Tea', 'draft']]);
    expect(await managed('?status=published', t.admin)).toEqual([['Sylhet Tea', 'published']]);
    expect(await managed('', t.admin)).toEqual([
      ['Darjeeling Tea', 'draft'],
      ['Sylhet Tea', 'published'],
    ]);
    const bad = await get('/api/products/manage?status=hidden', t.seller);
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toBe('Status must be published or draft');
  });

  it('drops a product from the cached lists the moment it becomes a draft, and brings it back when published', async () => {
    const tea = await createProduct(t.seller, { name: 'Assam Tea', originalPrice: '300', category: categoryId });
    const { _id: id } = body<Product>(tea).data;
    expect(await listed()).toEqual(['Assam Tea', 'Sylhet Tea']);
    expect(body<Suggestions>(await get('/api/products/suggest?q=assam')).data.products).toHaveLength(1);

    const hidden = await setStatus(id, 'draft');
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(body<Product>(hidden).data.status).toBe('draft');
    expect(await listed()).toEqual(['Sylhet Tea']);
    expect(body<Suggestions>(await get('/api/products/suggest?q=assam')).data.products).toEqual([]);
    expect((await get(`/api/products/${id}`)).statusCode).toBe(404);

    expect((await setStatus(id, 'published')).statusCode).toBe(200);
    expect(await listed()).toEqual(['Assam Tea', 'Sylhet Tea']);
    expect((await get(`/api/products/${id}`)).statusCode).toBe(200);
  });

  it('refuses a draft in a quote, an order and a wishlist, as a product that is not for sale', async () => {
    const draft = await createDraft();
    const items = [{ productId: draft._id, quantity: 1 }];
    const quote = await t.app.inject({ method: 'POST', url: '/api/order/quote', headers: t.alice.headers, payload: { items } });
    expect(quote.statusCode).toBe(400);
    expect(body(quote).message).toBe('A product in your order is no longer available');
    const order = await postOrder(t, t.alice.headers, orderPayload(t.alice, { items }));
    expect(order.statusCode).toBe(400);
    expect(body(order).message).toBe('A product in your order is no longer available');

    const wished = await t.app.inject({
      method: 'POST',
      url: `/api/wishlist/add-to-wishlist/${t.alice.id}`,
      payload: { productId: draft._id },
      headers: t.alice.headers,
    });
    expect(wished.statusCode).toBe(404);
    // A product wished for before it became a draft leaves the wishlist while it is one.
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/wishlist/add-to-wishlist/${t.alice.id}`,
      payload: { productId: sylhetTeaId },
      headers: t.alice.headers,
    });
    expect(body<Wishlist>(added).data.products).toHaveLength(1);
    expect((await setStatus(sylhetTeaId, 'draft', t.admin)).statusCode).toBe(200);
    const wishlist = await get(`/api/wishlist/get-wishlist/${t.alice.id}`, t.alice);
    expect(body<Wishlist>(wishlist).data.products).toEqual([]);
  });

  it('refuses a state that is neither, with a 400', async () => {
    const res = await createProduct(t.seller, { name: 'Bad', originalPrice: '10', category: categoryId, status: 'secret' });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('Status must be published or draft');
    const draft = await createDraft();
    const update = await setStatus(draft._id, 'hidden');
    expect(update.statusCode).toBe(400);
    expect(body(update).message).toBe('Status must be published or draft');
  });
});
