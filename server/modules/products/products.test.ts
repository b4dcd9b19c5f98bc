import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIST_ALL_MAX, type CategoryWithProducts, type Product, type ProductList } from '../../../contract/catalogue';
import { authAs, body, createUser, useShop } from '../../test/harness';
import { reviews, users } from '../../db/schema';
import { newId } from '../../db/ids';
import { fileBlob, daysAgo, insertCategory, insertProduct, insertSubCategory, insertSubSubCategory, mediaUrl, picture, storeMedia } from './test-fixtures';

const t = useShop();

const list = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/products${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return body<ProductList>(res).data;
};
const names = (page: ProductList) => page.data.map((p) => p.productName);

/** Two categories, sub- and sub-sub-categories, and five products with distinct prices, discounts, ratings and sales. */
async function listingCatalogue() {
  const fashion = await insertCategory(t.db, 'Fashion');
  const electronics = await insertCategory(t.db, 'Electronics');
  const sarees = await insertSubCategory(t.db, fashion.id, 'Sarees');
  const shirts = await insertSubCategory(t.db, fashion.id, 'Shirts');
  const jamdani = await insertSubSubCategory(t.db, sarees, 'Jamdani');
  const seller = await createUser(t.db, { name: 'Dhaka Bazaar', email: 'seller@example.com', role: 'seller' });
  const common = { ownerId: seller.id };
  await insertProduct(t.db, {
    ...common,
    name: 'Jamdani Saree',
    categoryId: fashion.id,
    subCategoryId: sarees.id,
    subSubCategoryId: jamdani.id,
    originalPrice: 2000,
    discount: 10,
    rating: 4.5,
    sales: 10,
    tags: ['handloom'],
    createdAt: daysAgo(5),
  });
  await insertProduct(t.db, {
    ...common,
    name: 'Cotton Shirt',
    description: 'Soft OXFORD weave',
    categoryId: fashion.id,
    subCategoryId: shirts.id,
    originalPrice: 800,
    rating: 3,
    sales: 300,
    createdAt: daysAgo(4),
  });
  await insertProduct(t.db, {
    ...common,
    name: 'Silk Panjabi',
    categoryId: fashion.id,
    subCategoryId: shirts.id,
    originalPrice: 5200,
    discount: 20,
    rating: 5,
    sales: 50,
    createdAt: daysAgo(3),
  });
  await insertProduct(t.db, {
    ...common,
    name: 'Smartphone X',
    categoryId: electronics.id,
    originalPrice: 9000,
    discount: 5,
    rating: 4,
    sales: 120,
    tags: ['Android', '5G'],
    createdAt: daysAgo(2),
  });
  await insertProduct(t.db, { name: 'USB Cable 50%_off', categoryId: electronics.id, originalPrice: 300, discount: 40, sales: 5, createdAt: daysAgo(1) });
  return { fashion, electronics, sarees, shirts, jamdani, seller };
}

describe('GET /api/products', () => {
  it('answers an empty list on an empty catalogue', async () => {
    expect(await list('')).toEqual({ count: 0, total: 0, page: 1, pages: 1, data: [] });
    expect(await list('?page=3&category=Fashion')).toEqual({ count: 0, total: 0, page: 3, pages: 1, data: [] });
  });

  it('lists newest first with every field of a product', async () => {
    const { fashion, seller } = await listingCatalogue();
    const page = await list('');
    expect(names(page)).toEqual(['USB Cable 50%_off', 'Smartphone X', 'Silk Panjabi', 'Cotton Shirt', 'Jamdani Saree']);
    expect(page).toMatchObject({ count: 5, total: 5, page: 1, pages: 1 });
    const saree = page.data[4]!;
    expect(saree).toMatchObject({
      productName: 'Jamdani Saree',
      productOriginalPrice: 2000,
      productDiscount: 10,
      productPrice: 1800,
      productRating: 4.5,
      reviewCount: 0,
      reviews: [],
      sales: 10,
      remainingProducts: 10,
      searchTags: ['handloom'],
      productCategory: { _id: fashion.id, categoryName: 'Fashion' },
      OwnerId: { _id: seller.id, name: 'Dhaka Bazaar' },
      productImages: [mediaUrl(2)],
    });
    expect(page.data[0]!.OwnerId).toBeNull();
  });

  it('filters by category id and by category name in any case', async () => {
    const { fashion } = await listingCatalogue();
    const fashionNames = ['Silk Panjabi', 'Cotton Shirt', 'Jamdani Saree'];
    expect(names(await list(`?category=${fashion.id}`))).toEqual(fashionNames);
    expect(names(await list('?category=fashion'))).toEqual(fashionNames);
    expect(names(await list('?category=ELECTRONICS'))).toEqual(['USB Cable 50%_off', 'Smartphone X']);
    expect(await list('?category=Toys')).toEqual({ count: 0, total: 0, page: 1, pages: 1, data: [] });
  });

  it('filters by sub-category and sub-sub-category', async () => {
    const { shirts, jamdani } = await listingCatalogue();
    expect(names(await list(`?subCategory=${shirts.id}`))).toEqual(['Silk Panjabi', 'Cotton Shirt']);
    expect(names(await list(`?subSubCategory=${jamdani.id}`))).toEqual(['Jamdani Saree']);
  });

  it('filters the price range on the discounted price', async () => {
    await listingCatalogue();
    // Silk Panjabi costs 5200 before and 4160 after its 20 % discount: in range only by its discounted price.
    expect(names(await list('?minPrice=1000&maxPrice=5000'))).toEqual(['Silk Panjabi', 'Jamdani Saree']);
    expect(names(await list('?minPrice=8550'))).toEqual(['Smartphone X']);
    expect(names(await list('?maxPrice=180'))).toEqual(['USB Cable 50%_off']);
  });

  it('filters by a minimum discount, and popularProducts=offer lists discounted products biggest discount first', async () => {
    await listingCatalogue();
    expect(names(await list('?discount=20'))).toEqual(['USB Cable 50%_off', 'Silk Panjabi']);
    expect(names(await list('?discount=12.5'))).toEqual(['USB Cable 50%_off', 'Silk Panjabi']);
    expect(names(await list('?popularProducts=offer&limit=0'))).toEqual(['USB Cable 50%_off', 'Silk Panjabi', 'Jamdani Saree', 'Smartphone X']);
  });

  it('searches name, description and tags by their words in any case; a search of no words finds nothing', async () => {
    await listingCatalogue();
    expect(names(await list('?search=SAREE'))).toEqual(['Jamdani Saree']);
    expect(names(await list('?search=oxford'))).toEqual(['Cotton Shirt']);
    expect(names(await list('?search=android'))).toEqual(['Smartphone X']);
    expect(names(await list(`?search=${encodeURIComponent('50%_')}`))).toEqual(['USB Cable 50%_off']);
    expect((await list(`?search=${encodeURIComponent('%')}`)).total).toBe(0);
    expect((await list('?search=refrigerator')).total).toBe(0);
  });

  it('finds a product by the words of its categories, by their new names once renamed', async () => {
    const { fashion } = await listingCatalogue();
    expect(names(await list('?search=shirts'))).toEqual(['Cotton Shirt', 'Silk Panjabi']);
    expect((await list('?search=poshak')).total).toBe(0);
    const admin = await createUser(t.db, { name: 'Admin', email: 'admin@example.com', role: 'admin' });
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/categories/${fashion.id}`,
      payload: { categoryName: 'Poshak' },
      headers: await authAs(t.config, admin),
    });
    expect(renamed.statusCode).toBe(200);
    expect(names(await list('?search=poshak'))).toEqual(['Cotton Shirt', 'Silk Panjabi', 'Jamdani Saree']);
  });

  it('combines filters', async () => {
    const { fashion } = await listingCatalogue();
    expect(names(await list(`?category=${fashion.id}&minPrice=500&maxPrice=2000&search=s`))).toEqual(['Cotton Shirt', 'Jamdani Saree']);
  });

  it('sorts by rating and by sales', async () => {
    await listingCatalogue();
    expect(names(await list('?sortBy=rating'))).toEqual(['Silk Panjabi', 'Jamdani Saree', 'Smartphone X', 'Cotton Shirt', 'USB Cable 50%_off']);
    expect(names(await list('?sortBy=sales'))).toEqual(['Cotton Shirt', 'Smartphone X', 'Silk Panjabi', 'Jamdani Saree', 'USB Cable 50%_off']);
    expect(names(await list('?sortBy=newest'))).toEqual(['USB Cable 50%_off', 'Smartphone X', 'Silk Panjabi', 'Cotton Shirt', 'Jamdani Saree']);
  });

  it('sorts by the price paid, low to high and high to low, the newest first among equal prices', async () => {
    const { fashion } = await listingCatalogue();
    // The price paid is after the discount: Smartphone X (9000, 5 % off) costs 8550, Silk Panjabi (5200, 20 % off) 4160.
    await insertProduct(t.db, { name: 'Older Shirt', categoryId: fashion.id, originalPrice: 800, createdAt: daysAgo(6) });
    await insertProduct(t.db, { name: 'Newer Shirt', categoryId: fashion.id, originalPrice: 1000, discount: 20, createdAt: daysAgo(0) });
    const pricesOf = (page: ProductList) => page.data.map((p) => p.productPrice);

    const lowToHigh = await list('?sortBy=priceAsc');
    expect(names(lowToHigh)).toEqual(['USB Cable 50%_off', 'Newer Shirt', 'Cotton Shirt', 'Older Shirt', 'Jamdani Saree', 'Silk Panjabi', 'Smartphone X']);
    expect(pricesOf(lowToHigh)).toEqual([180, 800, 800, 800, 1800, 4160, 8550]);

    const highToLow = await list('?sortBy=priceDesc');
    expect(names(highToLow)).toEqual(['Smartphone X', 'Silk Panjabi', 'Jamdani Saree', 'Newer Shirt', 'Cotton Shirt', 'Older Shirt', 'USB Cable 50%_off']);
    expect(pricesOf(highToLow)).toEqual([8550, 4160, 1800, 800, 800, 800, 180]);

    // Pages split a run of equal prices without repeating or skipping a product.
    const paged = [];
    for (let page = 1; page <= 4; page += 1) paged.push(...names(await list(`?sortBy=priceAsc&limit=2&page=${page}`)));
    expect(paged).toEqual(names(lowToHigh));

    // With a price filter and a category, still in price order.
    expect(names(await list(`?sortBy=priceDesc&category=${fashion.id}&minPrice=500&maxPrice=2000`))).toEqual([
      'Jamdani Saree',
      'Newer Shirt',
      'Cotton Shirt',
      'Older Shirt',
    ]);
  });

  it('paginates, and limit=0 returns everything up to LIST_ALL_MAX', async () => {
    await listingCatalogue();
    const second = await list('?limit=2&page=2');
    expect(second).toMatchObject({ count: 2, total: 5, page: 2, pages: 3 });
    expect(names(second)).toEqual(['Silk Panjabi', 'Cotton Shirt']);
    expect(names(await list('?limit=2&page=3'))).toEqual(['Jamdani Saree']);
    expect(await list('?limit=2&page=4')).toEqual({ count: 0, total: 5, page: 4, pages: 3, data: [] });
    const all = await list('?limit=0&page=2');
    expect(all).toMatchObject({ count: 5, total: 5, page: 1, pages: 1 });
    const defaults = await list('');
    expect(defaults.count).toBe(5);
  });

  it('answers limit=0 on a catalogue bigger than LIST_ALL_MAX with one page of LIST_ALL_MAX and the true total', async () => {
    const { fashion } = await listingCatalogue();
    for (let i = 0; i < LIST_ALL_MAX; i += 1) await insertProduct(t.db, { name: `Extra ${i}`, categoryId: fashion.id, createdAt: daysAgo(10 + i) });
    const all = await list('?limit=0');
    expect(all).toMatchObject({ count: LIST_ALL_MAX, total: LIST_ALL_MAX + 5, page: 1, pages: 2 });
    expect(all.data[0]!.productName).toBe('USB Cable 50%_off');
  });

  it('pages 10 at a time by default', async () => {
    const { fashion } = await listingCatalogue();
    for (let i = 0; i < 9; i += 1) await insertProduct(t.db, { name: `Extra ${i}`, categoryId: fashion.id, createdAt: daysAgo(10 + i) });
    const first = await list('');
    expect(first).toMatchObject({ count: 10, total: 14, page: 1, pages: 2 });
    expect((await list('?page=2')).count).toBe(4);
  });

  it.each([
    ['page=0', 'page must be 1 or more'],
    ['page=abc', 'page must be a number'],
    ['page=1.5', 'page must be a whole number'],
    ['limit=101', 'limit must be between 0 and 100'],
    ['limit=-1', 'limit must be between 0 and 100'],
    ['sortBy=price', 'sortBy must be one of newest, rating, sales, priceAsc, priceDesc'],
    ['minPrice=cheap', 'minPrice must be a number'],
    ['maxPrice=-5', 'maxPrice cannot be negative'],
    ['discount=101', 'discount must be between 0 and 100'],
    ['minPrice=0x10', 'minPrice must be a number'],
    ['page=1e2', 'page must be a number'],
    ['popularProducts=yes', 'popularProducts must be offer'],
    ['page=1&page=2', 'page must be a number'],
  ])('answers 400 to a bad query (%s)', async (query, message) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/products?${query}` });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ success: false, message });
  });
});

describe('GET /api/products/:id', () => {
  it('populates the category, the owner and the reviewers', async () => {
    const { fashion, jamdani, sarees, seller } = await listingCatalogue();
    const product = await insertProduct(t.db, {
      name: 'Tangail Saree',
      categoryId: fashion.id,
      subCategoryId: sarees.id,
      subSubCategoryId: jamdani.id,
      ownerId: seller.id,
      faqs: [{ question: 'Cotton?', answer: 'Yes' }],
      video: 'https://youtu.be/abc',
      unit: '1 pc',
      colors: ['red'],
      sizes: ['M'],
      details: ['Hand woven'],
    });
    const [rahim] = await t.db
      .insert(users)
      .values({ id: newId(), name: 'Rahim Uddin', profileImg: mediaUrl(9) })
      .returning();
    const [fatema] = await t.db.insert(users).values({ id: newId(), name: 'Fatema Akter' }).returning();
    await t.db.insert(reviews).values([
      { id: newId(), productId: product.id, userId: rahim!.id, stars: 5, text: 'Beautiful', createdAt: daysAgo(2) },
      { id: newId(), productId: product.id, userId: fatema!.id, stars: 4, text: 'Good', createdAt: daysAgo(1) },
    ]);

    const res = await t.app.inject({ method: 'GET', url: `/api/products/${product.id}` });
    expect(res.statusCode).toBe(200);
    const data = body<Product>(res).data;
    expect(data).toMatchObject({
      _id: product.id,
      productName: 'Tangail Saree',
      productCategory: { _id: fashion.id, categoryName: 'Fashion' },
      productSubCategory: sarees.id,
      productSubSubCategory: jamdani.id,
      OwnerId: { _id: seller.id, name: 'Dhaka Bazaar' },
      faqs: [{ question: 'Cotton?', answer: 'Yes' }],
      video: 'https://youtu.be/abc',
      quantity: '1 pc',
      productColors: ['red'],
      productSizes: ['M'],
      productDetails: ['Hand woven'],
    });
    expect(data.reviews).toEqual([
      { _id: expect.any(String), userId: { _id: fatema!.id, name: 'Fatema Akter', profileImg: null }, date: expect.any(String), stars: 4, text: 'Good' },
      {
        _id: expect.any(String),
        userId: { _id: rahim!.id, name: 'Rahim Uddin', profileImg: mediaUrl(9) },
        date: expect.any(String),
        stars: 5,
        text: 'Beautiful',
      },
    ]);
    expect(new Date(data.reviews[0]!.date).getTime()).toBeGreaterThan(new Date(data.reviews[1]!.date).getTime());
  });

  it('answers 404 for an unknown id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/products/0123456789abcdef01234567' });
    expect(res.statusCode).toBe(404);
    expect(body(res)).toEqual({ success: false, message: 'Product not found', code: 'productNotFound' });
  });
});

describe('GET /api/products/categories-with-products', () => {
  it('lists only categories with products, each with its newest eight', async () => {
    const { fashion, electronics } = await listingCatalogue();
    await insertCategory(t.db, 'Books');
    for (let i = 0; i < 7; i += 1) await insertProduct(t.db, { name: `Old ${i}`, categoryId: fashion.id, createdAt: daysAgo(30 + i) });
    const res = await t.app.inject({ method: 'GET', url: '/api/products/categories-with-products' });
    expect(res.statusCode).toBe(200);
    const data = body<CategoryWithProducts[]>(res).data;
    expect(data.map((c) => c.categoryName)).toEqual(['Electronics', 'Fashion']);
    expect(data[0]).toMatchObject({ _id: electronics.id, categoryImage: mediaUrl(1) });
    expect(data[0]!.products.map((p) => p.productName)).toEqual(['USB Cable 50%_off', 'Smartphone X']);
    const fashionProducts = data[1]!.products.map((p) => p.productName);
    expect(fashionProducts).toHaveLength(8);
    expect(fashionProducts.slice(0, 4)).toEqual(['Silk Panjabi', 'Cotton Shirt', 'Jamdani Saree', 'Old 0']);
    expect(fashionProducts).not.toContain('Old 6');
  });
});

describe('product mutations', () => {
  async function people() {
    const [seller1, seller2, admin, customer] = await Promise.all([
      createUser(t.db, { name: 'Seller One', email: 's1@example.com', role: 'seller' }),
      createUser(t.db, { name: 'Seller Two', email: 's2@example.com', role: 'seller' }),
      createUser(t.db, { name: 'Admin', email: 'admin@example.com', role: 'admin' }),
      createUser(t.db, { name: 'Customer', email: 'c@example.com' }),
    ]);
    return { seller1, seller2, admin, customer };
  }

  async function productForm(fields: Record<string, string>, images = 2) {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    for (let i = 0; i < images; i += 1) {
      form.append('productImages', fileBlob(await picture(400 + i, 300, 'jpeg'), 'image/jpeg'), `photo-${i}.jpg`);
    }
    return form;
  }

  it('lets a seller create a product from a multipart form', async () => {
    const { fashion, sarees, jamdani } = await listingCatalogue();
    const { seller1 } = await people();
    const form = await productForm({
      name: 'জামদানি শাড়ি',
      originalPrice: '1500',
      discount: '10',
      description: 'Hand woven in Narayanganj',
      quantity: '1 pc',
      productDetails: JSON.stringify(['Cotton, hand woven', 'Dry clean only']),
      colors: 'red, blue',
      sizes: JSON.stringify(['Free size']),
      searchTags: 'saree,eid',
      category: 'fashion',
      subCategory: sarees.id,
      subSubCategory: jamdani.id,
      faqs: JSON.stringify([{ question: 'Is it cotton?', answer: 'Yes' }]),
      remainingProducts: '7',
      OwnerName: 'ignored',
      video: 'https://www.youtube.com/shorts/abc',
    });
    const res = await t.app.inject({ method: 'POST', url: '/api/products', payload: form, headers: await authAs(t.config, seller1) });
    expect(res.statusCode, res.body).toBe(201);
    const product = body<Product>(res).data;
    expect(product).toMatchObject({
      productName: 'জামদানি শাড়ি',
      productOriginalPrice: 1500,
      productDiscount: 10,
      productPrice: 1350,
      productDescription: 'Hand woven in Narayanganj',
      quantity: '1 pc',
      productDetails: ['Cotton, hand woven', 'Dry clean only'],
      productColors: ['red', 'blue'],
      productSizes: ['Free size'],
      searchTags: ['saree', 'eid'],
      productCategory: { _id: fashion.id, categoryName: 'Fashion' },
      productSubCategory: sarees.id,
      productSubSubCategory: jamdani.id,
      faqs: [{ question: 'Is it cotton?', answer: 'Yes' }],
      remainingProducts: 7,
      video: 'https://www.youtube.com/shorts/abc',
      OwnerId: { _id: seller1.id, name: 'Seller One' },
    });
    expect(product.productImages).toHaveLength(2);
    for (const url of product.productImages) {
      expect(url).toMatch(/^\/media\/[0-9a-f]{32}\.jpg$/);
      expect(existsSync(join(t.config.dataDir, 'media', url.slice('/media/'.length)))).toBe(true);
    }
    expect(names(await list('?search=eid'))).toEqual(['জামদানি শাড়ি']);
    // A Bangla name is found by a Bangla word in it, as a shopper types it in the search box; its Latin spelling
    // (shari) is one typo from the other saree's (sari, from Saree), which follows.
    expect(names(await list(`?search=${encodeURIComponent('শাড়ি')}`))).toEqual(['জামদানি শাড়ি', 'Jamdani Saree']);
  });

  it('refuses anonymous visitors (401) and customers (403)', async () => {
    const { fashion } = await listingCatalogue();
    const { customer } = await people();
    const fields = { name: 'X', originalPrice: '100', category: fashion.id };
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/products', payload: await productForm(fields) });
    expect(anonymous.statusCode).toBe(401);
    const asCustomer = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      payload: await productForm(fields),
      headers: await authAs(t.config, customer),
    });
    expect(asCustomer.statusCode).toBe(403);
    expect((await list('')).total).toBe(5);
  });

  it.each([
    [{ originalPrice: '100' }, 'Product name is required'],
    [{ name: 'X', originalPrice: 'abc' }, 'Price must be a number'],
    [{ name: 'X', originalPrice: '100', discount: '120' }, 'Discount must be between 0 and 99'],
    [{ name: 'X', originalPrice: '100', discount: '100' }, 'Discount must be between 0 and 99'],
    [{ name: 'X', originalPrice: '0.01', discount: '60' }, 'The price after the discount must be at least ৳1'],
    [{ name: 'X', originalPrice: '1.5', discount: '40' }, 'The price after the discount must be at least ৳1'],
    [{ name: 'X', originalPrice: '12abc' }, 'Price must be a number'],
    [{ name: 'X', originalPrice: '0x10' }, 'Price must be a number'],
    [{ name: 'X', originalPrice: '100', remainingProducts: '1e3' }, 'Stock must be a number'],
    [{ name: 'X', originalPrice: '100', faqs: 'not json' }, 'faqs must be a JSON array of { question, answer }'],
    [{ name: 'X', originalPrice: '100', colors: '["red"' }, 'colors must be a JSON array of text or a comma-separated list'],
    [{ name: 'X', originalPrice: '100', remainingProducts: '-1' }, 'Stock cannot be negative'],
    [{ name: 'X', originalPrice: '0.004' }, 'Price can have at most two decimals (whole poisha)'],
    [{ name: 'X', originalPrice: '99.999' }, 'Price can have at most two decimals (whole poisha)'],
    [{ name: 'X', originalPrice: '100', video: 'javascript:alert(1)' }, 'Video must be an http or https link'],
  ])('answers 400 with a clear message to bad fields %#', async (fields, message) => {
    const { fashion } = await listingCatalogue();
    const { seller1 } = await people();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      payload: await productForm({ category: fashion.id, ...fields }),
      headers: await authAs(t.config, seller1),
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe(message);
  });

  it('checks images and the category tree', async () => {
    const { fashion, electronics, sarees } = await listingCatalogue();
    const { seller1 } = await people();
    const headers = await authAs(t.config, seller1);
    const post = async (fields: Record<string, string>, images = 1) =>
      t.app.inject({ method: 'POST', url: '/api/products', payload: await productForm({ name: 'X', originalPrice: '100', ...fields }, images), headers });

    const noImages = await post({ category: fashion.id }, 0);
    expect(noImages.statusCode).toBe(400);
    expect(body(noImages).message).toBe('At least one product image is required');
    const wrongTree = await post({ category: electronics.id, subCategory: sarees.id });
    expect(body(wrongTree)).toMatchObject({ success: false, message: 'The sub-category does not belong to the category', code: 'subCategoryNotInCategory' });
    const noCategory = await post({ category: 'Toys' });
    expect(body(noCategory)).toMatchObject({ success: false, message: 'Category not found', code: 'categoryNotFound' });
    expect((await list('')).total).toBe(5);
  });

  it('keeps a seller to their own products, while an admin may name any seller as owner', async () => {
    const { fashion } = await listingCatalogue();
    const { seller1, seller2, admin } = await people();
    const fields = { name: 'Owned', originalPrice: '100', category: fashion.id, OwnerId: seller2.id };
    const bySeller = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      payload: await productForm(fields, 1),
      headers: await authAs(t.config, seller1),
    });
    expect(bySeller.statusCode).toBe(403);
    const byAdmin = await t.app.inject({ method: 'POST', url: '/api/products', payload: await productForm(fields, 1), headers: await authAs(t.config, admin) });
    expect(byAdmin.statusCode).toBe(201);
    expect(body<Product>(byAdmin).data.OwnerId).toEqual({ _id: seller2.id, name: 'Seller Two' });
  });

  it('lets a seller update their own product, refuses another seller (403), and lets an admin update any', async () => {
    const { fashion } = await listingCatalogue();
    const { seller1, seller2, admin } = await people();
    const product = await insertProduct(t.db, { name: 'Mine', categoryId: fashion.id, ownerId: seller1.id, originalPrice: 1000 });
    const put = async (user: { id: string; role: 'user' | 'seller' | 'admin' }, form: FormData | Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: `/api/products/${product.id}`, payload: form as never, headers: await authAs(t.config, user) });

    const update = new FormData();
    update.append('productOriginalPrice', '2000');
    update.append('productDiscount', '25');
    update.append('productColors', 'green');
    const own = await put(seller1, update);
    expect(own.statusCode, own.body).toBe(200);
    expect(body<Product>(own).data).toMatchObject({
      productName: 'Mine',
      productOriginalPrice: 2000,
      productDiscount: 25,
      productPrice: 1500,
      productColors: ['green'],
    });
    // The stored discounted price follows, so the price filter finds the product at its new price.
    expect(names(await list('?minPrice=1500&maxPrice=1500'))).toEqual(['Mine']);

    const other = await put(seller2, { productName: 'Stolen' });
    expect(other.statusCode).toBe(403);
    expect(body(other).message).toBe('You can only change your own products');

    await storeMedia(t.config, mediaUrl(5), mediaUrl(6));
    const byAdmin = await put(admin, { productName: 'Renamed by admin', productImages: [mediaUrl(5), mediaUrl(6)] });
    expect(byAdmin.statusCode).toBe(200);
    expect(body<Product>(byAdmin).data).toMatchObject({ productName: 'Renamed by admin', productImages: [mediaUrl(5), mediaUrl(6)], productPrice: 1500 });
  });

  it('refuses an edit that would sell a product below ৳1, from the new price, the new discount or both', async () => {
    const { fashion } = await listingCatalogue();
    const { seller1 } = await people();
    const product = await insertProduct(t.db, { name: 'Cheap', categoryId: fashion.id, ownerId: seller1.id, originalPrice: 10, discount: 50 });
    const put = async (payload: Record<string, string>) =>
      t.app.inject({ method: 'PUT', url: `/api/products/${product.id}`, payload, headers: await authAs(t.config, seller1) });

    const refused: Record<string, string>[] = [
      { productOriginalPrice: '1.5' },
      { productDiscount: '95' },
      { productOriginalPrice: '0.01', productDiscount: '60' },
    ];
    for (const payload of refused) {
      const res = await put(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(res)).toMatchObject({ message: 'The price after the discount must be at least ৳1', code: 'salePriceTooLow' });
    }
    expect(body(await put({ productDiscount: '100' })).message).toBe('Discount must be between 0 and 99');
    const lowest = await put({ productDiscount: '90' });
    expect(lowest.statusCode).toBe(200);
    expect(body<Product>(lowest).data).toMatchObject({ productOriginalPrice: 10, productDiscount: 90, productPrice: 1 });
  });

  it('moves a product to another category, dropping sub-categories that no longer apply', async () => {
    const { fashion, electronics, sarees, jamdani } = await listingCatalogue();
    const { admin } = await people();
    const product = await insertProduct(t.db, { name: 'Moving', categoryId: fashion.id, subCategoryId: sarees.id, subSubCategoryId: jamdani.id });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}`,
      payload: { productCategory: 'Electronics' },
      headers: await authAs(t.config, admin),
    });
    expect(res.statusCode).toBe(200);
    expect(body<Product>(res).data).toMatchObject({
      productCategory: { _id: electronics.id, categoryName: 'Electronics' },
      productSubCategory: null,
      productSubSubCategory: null,
    });
  });

  it('lets the owner or an admin delete a product, not another seller', async () => {
    const { fashion } = await listingCatalogue();
    const { seller1, seller2, admin, customer } = await people();
    const mine = await insertProduct(t.db, { name: 'Mine', categoryId: fashion.id, ownerId: seller1.id });
    const theirs = await insertProduct(t.db, { name: 'Theirs', categoryId: fashion.id, ownerId: seller2.id });
    const del = async (id: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'DELETE', url: `/api/products/${id}`, headers });

    expect((await del(mine.id)).statusCode).toBe(401);
    expect((await del(mine.id, await authAs(t.config, customer))).statusCode).toBe(403);
    expect((await del(mine.id, await authAs(t.config, seller2))).statusCode).toBe(403);
    expect((await del(mine.id, await authAs(t.config, seller1))).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${mine.id}` })).statusCode).toBe(404);
    expect((await del(theirs.id, await authAs(t.config, admin))).statusCode).toBe(200);
    expect((await del(theirs.id, await authAs(t.config, admin))).statusCode).toBe(404);
  });
});
