import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Product, ProductList } from '../../../contract/catalogue';
import type { Dashboard } from '../../../contract/back-office-orders';
import type { Order, OrderQuote } from '../../../contract/orders';
import { orders, productVariants } from '../../db/schema';
import { authAs, body, createUser, type Person, useShop } from '../../test/harness';
import { pdfText } from '../../test/pdf-text';
import { orderPayload, placed, postOrder, stockOf } from '../orders/test-fixtures';
import { checkoutSeed } from '../../seed/orders';
import { fileBlob, insertCategory, insertProduct, picture } from './test-fixtures';

const t = useShop({ people: true });

const RICE_VARIANTS = [
  { sku: 'RICE-5KG', size: '5 kg', originalPrice: 937.5, discount: 0, remainingProducts: 20 },
  { sku: 'RICE-2KG', size: '2 kg', originalPrice: 390, discount: 0, remainingProducts: 15 },
  { sku: 'RICE-1KG', size: '1 kg', originalPrice: 200, discount: 5, remainingProducts: 12 },
  { sku: 'RICE-500G', size: '500 g', originalPrice: 105, discount: 0, remainingProducts: 3 },
];

async function productForm(fields: Record<string, string>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('productImages', fileBlob(await picture(400, 300, 'jpeg'), 'image/jpeg'), 'rice.jpg');
  return form;
}

const createProduct = async (person: Person, fields: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/products', payload: await productForm(fields), headers: person.headers });

const updateProduct = (person: Person, id: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/products/${id}`, payload, headers: person.headers });

let category: { id: string; name: string };
beforeEach(async () => {
  await checkoutSeed.run(t.db);
  category = await insertCategory(t.db, 'Groceries');
});

async function createRice(variants: object[] = RICE_VARIANTS): Promise<Product> {
  const res = await createProduct(t.seller, {
    name: 'Najirshail Rice',
    originalPrice: '999',
    remainingProducts: '999',
    quantity: '1 pack',
    category: category.id,
    variants: JSON.stringify(variants),
  });
  expect(res.statusCode, res.body).toBe(201);
  return body<Product>(res).data;
}

const variantId = (product: Product, size: string) => product.variants.find((variant) => variant.size === size)!._id;

describe('products with variants', () => {
  it('answers each variant with its own price, and the product the specification fields derived from them', async () => {
    const rice = await createRice();
    expect(rice.variants.map(({ _id, ...variant }) => variant)).toEqual([
      { sku: 'RICE-5KG', size: '5 kg', originalPrice: 937.5, discount: 0, price: 937.5, remainingProducts: 20 },
      { sku: 'RICE-2KG', size: '2 kg', originalPrice: 390, discount: 0, price: 390, remainingProducts: 15 },
      { sku: 'RICE-1KG', size: '1 kg', originalPrice: 200, discount: 5, price: 190, remainingProducts: 12 },
      { sku: 'RICE-500G', size: '500 g', originalPrice: 105, discount: 0, price: 105, remainingProducts: 3 },
    ]);
    // The original client reads the cheapest variant's price, every size, and the stock of all of them.
    expect(rice).toMatchObject({
      productPrice: 105,
      productOriginalPrice: 105,
      productDiscount: 0,
      productSizes: ['5 kg', '2 kg', '1 kg', '500 g'],
      productColors: [],
      remainingProducts: 50,
    });
    // The listing filters and sorts by the lowest price.
    const listed = await t.app.inject({ method: 'GET', url: '/api/products?minPrice=100&maxPrice=110' });
    expect(body<ProductList>(listed).data.data.map((product) => product.productName)).toEqual(['Najirshail Rice']);
    expect(body<ProductList>(listed).data.data[0]!.variants).toHaveLength(4);
  });

  it('answers an empty list of variants for a product without them', async () => {
    const plain = await insertProduct(t.db, { categoryId: category.id, name: 'Plain' });
    const res = await t.app.inject({ method: 'GET', url: `/api/products/${plain.id}` });
    expect(body<Product>(res).data).toMatchObject({ variants: [], productPrice: 1000, remainingProducts: 10 });
  });

  it('changes variants by their ids, reorders, removes and adds them, and clears them with an empty list', async () => {
    const rice = await createRice();
    const [fiveKg, twoKg, oneKg] = rice.variants;
    const res = await updateProduct(t.seller, rice._id, {
      productOriginalPrice: 1,
      variants: [
        { _id: oneKg!._id, sku: 'RICE-2KG', size: '1 kg', originalPrice: 210, remainingProducts: 4 },
        { _id: twoKg!._id, sku: 'RICE-1KG', size: '2 kg', originalPrice: 400, remainingProducts: 6 },
        { sku: 'RICE-10KG', size: '10 kg', originalPrice: 1800, remainingProducts: 2 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const changed = body<Product>(res).data;
    // Ids are kept (orders and carts name them), SKUs swapped places, the 5 kg and 500 g were removed.
    expect(changed.variants.map((variant) => [variant._id === oneKg!._id, variant._id === twoKg!._id, variant.sku, variant.size])).toEqual([
      [true, false, 'RICE-2KG', '1 kg'],
      [false, true, 'RICE-1KG', '2 kg'],
      [false, false, 'RICE-10KG', '10 kg'],
    ]);
    expect(changed.variants.some((variant) => variant._id === fiveKg!._id)).toBe(false);
    expect(changed).toMatchObject({ productPrice: 210, productOriginalPrice: 210, productSizes: ['1 kg', '2 kg', '10 kg'], remainingProducts: 12 });

    const cleared = await updateProduct(t.seller, rice._id, { variants: [], productOriginalPrice: 500, remainingProducts: 9 });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(body<Product>(cleared).data).toMatchObject({ variants: [], productPrice: 500, remainingProducts: 9 });
  });

  it('refuses bad variants with a 400 naming the row, never a 500', async () => {
    const cases: [unknown, string][] = [
      ['not json', 'variants must be a JSON array of { sku, size, color, originalPrice, discount, remainingProducts }'],
      [{ sku: 'A' }, 'variants must be a JSON array of { sku, size, color, originalPrice, discount, remainingProducts }'],
      [
        [
          { sku: 'A', size: '1 kg', originalPrice: 10 },
          { sku: 'B', size: '2 kg', originalPrice: 10, price: 1 },
        ],
        'Variant 2: Unknown field "price"',
      ],
      [[{ sku: 'A', size: '1 kg', originalPrice: 0 }], 'Variant 1: Price must be more than 0'],
      [[{ sku: 'A', size: '1 kg', originalPrice: 10, discount: 101 }], 'Variant 1: Discount must be between 0 and 99'],
      [[{ sku: 'A', size: '1 kg', originalPrice: 10, remainingProducts: -1 }], 'Variant 1: Stock cannot be negative'],
      [[{ sku: 'A', size: '1 kg', originalPrice: 1e300 }], 'Variant 1: Price must be at most ৳10,000,000'],
      [[{ sku: '', size: '1 kg', originalPrice: 10 }], 'Variant 1: SKU is required'],
      [[{ sku: '<b>', size: '1 kg', originalPrice: 10 }], 'Variant 1: SKU may hold letters, digits and . _ - / only'],
      [[{ sku: 'A', originalPrice: 10 }], 'Variant 1: give it a size, a colour or both'],
      [
        [
          { sku: 'A', size: '1 kg', originalPrice: 10 },
          { sku: 'B', color: 'Red', originalPrice: 10 },
        ],
        'Variant 2: every variant must name the same options (a size, a colour or both)',
      ],
      [
        [
          { sku: 'A', size: '1 kg', originalPrice: 10 },
          { sku: 'a', size: '2 kg', originalPrice: 10 },
        ],
        'Variant 2: the SKU a is given twice',
      ],
      [
        [
          { sku: 'A', size: '1 kg', originalPrice: 10 },
          { sku: 'B', size: '1 KG', originalPrice: 10 },
        ],
        'Variant 2: another variant has the same size and colour',
      ],
      [['x'], 'Variant 1: Each variant must be an object'],
      [[{ sku: 'A', size: { $gt: '' }, originalPrice: 10 }], 'Variant 1: Invalid input: expected string, received object'],
      [Array.from({ length: 101 }, (_, i) => ({ sku: `S${i}`, size: String(i), originalPrice: 1 })), 'A product can have at most 100 variants'],
    ];
    for (const [variants, message] of cases) {
      const res = await createProduct(t.seller, {
        name: 'Bad',
        originalPrice: '10',
        category: category.id,
        variants: typeof variants === 'string' ? variants : JSON.stringify(variants),
      });
      expect(res.statusCode, JSON.stringify(variants).slice(0, 80)).toBe(400);
      expect(body(res).message).toBe(message);
    }
  });

  it('refuses an SKU another product uses (409), and a variant id of another product (400)', async () => {
    const rice = await createRice();
    const other = await createProduct(t.seller, {
      name: 'Other rice',
      originalPrice: '10',
      category: category.id,
      variants: JSON.stringify([{ sku: 'rice-500g', size: '500 g', originalPrice: 10 }]),
    });
    expect(other.statusCode).toBe(409);
    expect(body(other).message).toBe('The SKU RICE-500G is already used by another product');
    // The form puts it beside the row's SKU.
    expect(body(other).errors).toEqual([{ path: 'variants.0.sku', message: 'The SKU RICE-500G is already used by another product', code: 'skuTaken' }]);

    const tea = await createRice([{ sku: 'TEA-1', size: '250 g', originalPrice: 80 }]);
    const stolen = await updateProduct(t.seller, tea._id, { variants: [{ _id: rice.variants[0]!._id, sku: 'TEA-1', size: '250 g', originalPrice: 80 }] });
    expect(stolen.statusCode).toBe(400);
    expect(body(stolen).message).toBe('Variant 1: its _id is not a variant of this product');
  });
});

describe('ordering variants', () => {
  const line = (product: Product, size: string, quantity = 1) => ({ productId: product._id, variantId: variantId(product, size), quantity });

  it('quotes and places a line at its variant price, takes stock from that variant, and names it on the line and the invoice', async () => {
    const rice = await createRice();
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/order/quote',
      headers: t.alice.headers,
      payload: { items: [line(rice, '500 g', 2), line(rice, '1 kg')] },
    });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(body<OrderQuote>(quote).data.subTotal).toBe(400);

    const res = await postOrder(t, t.alice.headers, orderPayload(t.alice, { items: [line(rice, '500 g', 2)] }));
    expect(res.statusCode, res.body).toBe(201);
    const { order } = placed(res);
    expect(order.items).toEqual([
      {
        productId: rice._id,
        variantId: variantId(rice, '500 g'),
        productName: 'Najirshail Rice',
        productNameBn: null,
        image: rice.productImages[0],
        quantity: 2,
        size: '500 g',
        color: null,
        price: 105,
        subTotal: 210,
      },
    ]);
    expect(order.subTotal).toBe(210);
    const [variant] = await t.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.id, variantId(rice, '500 g')));
    expect(variant!.remaining).toBe(1);
    expect(await stockOf(t, rice._id)).toEqual({ remaining: 48, sales: 2 });

    const invoice = await pdfText((await t.app.inject({ method: 'GET', url: `/api/order/invoice/${order._id}`, headers: t.alice.headers })).rawPayload);
    expect(invoice).toContain('Size: 500 g');
  });

  it('lets a client that knows only sizes buy a variant by its size, and refuses a size or variant the product does not sell', async () => {
    const rice = await createRice();
    const bySize = await postOrder(t, t.alice.headers, orderPayload(t.alice, { items: [{ productId: rice._id, size: '2 KG', quantity: 1 }] }));
    expect(bySize.statusCode, bySize.body).toBe(201);
    expect(placed(bySize).order.items[0]).toMatchObject({ variantId: variantId(rice, '2 kg'), size: '2 kg', price: 390 });

    const refusals: [object, string][] = [
      [{ productId: rice._id, quantity: 1 }, 'Please choose a size for Najirshail Rice'],
      [{ productId: rice._id, size: '3 kg', quantity: 1 }, 'Najirshail Rice does not come in size 3 kg'],
      [{ productId: rice._id, variantId: '0123456789abcdef01234567', quantity: 1 }, 'Najirshail Rice is no longer sold in the size or colour chosen'],
    ];
    const plain = await insertProduct(t.db, { categoryId: category.id, name: 'Plain' });
    refusals.push([{ productId: plain.id, variantId: variantId(rice, '1 kg'), quantity: 1 }, 'Plain is no longer sold in the size or colour chosen']);
    for (const [item, message] of refusals) {
      const res = await postOrder(t, t.alice.headers, orderPayload(t.alice, { items: [item as never] }));
      expect(res.statusCode).toBe(400);
      expect(body(res).message).toBe(message);
    }
  });

  it('never oversells a variant to concurrent orders on its last units, and leaves the other variants alone', async () => {
    const rice = await createRice();
    const shoppers = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const user = await createUser(t.db, { name: `Shopper ${i}`, email: `shopper${i}@example.com` });
        return { ...user, headers: await authAs(t.config, user) };
      }),
    );
    const answers = await Promise.all(shoppers.map((shopper) => postOrder(t, shopper.headers, orderPayload(shopper, { items: [line(rice, '500 g')] }))));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(3);
    for (const res of answers.filter((r) => r.statusCode === 409)) expect(body(res).message).toBe('Najirshail Rice (500 g) is out of stock');
    const variants = await t.db.select().from(productVariants).where(eq(productVariants.productId, rice._id));
    expect(Object.fromEntries(variants.map((variant) => [variant.size, variant.remaining]))).toEqual({ '5 kg': 20, '2 kg': 15, '1 kg': 12, '500 g': 0 });
    expect(await stockOf(t, rice._id)).toEqual({ remaining: 47, sales: 3 });
  });

  it('returns a cancelled order’s stock to its variant', async () => {
    const rice = await createRice();
    const res = await postOrder(t, t.alice.headers, orderPayload(t.alice, { items: [line(rice, '1 kg', 5)] }));
    const { order } = placed(res);
    const cancel = await t.app.inject({
      method: 'PATCH',
      url: `/api/order/update-status/${order._id}`,
      headers: t.alice.headers,
      payload: { status: 'cancelled' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const [variant] = await t.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.id, variantId(rice, '1 kg')));
    expect(variant!.remaining).toBe(12);
    expect(await stockOf(t, rice._id)).toEqual({ remaining: 50, sales: 0 });
    expect((await t.db.select({ status: orders.status }).from(orders))[0]!.status).toBe('cancelled');
  });

  it('counts low stock per variant on the dashboard', async () => {
    await createRice();
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: t.admin.headers });
    const low = body<Dashboard>(res).data.lowStock;
    expect(low).toContainEqual(expect.objectContaining({ name: 'Najirshail Rice', size: '500 g', color: null, remaining: 3 }));
    // The product's summed stock (50) is not what runs low.
    expect(low.filter((row) => row.name === 'Najirshail Rice')).toHaveLength(1);
  });

  it('shows the seller the variant of their lines', async () => {
    const rice = await createRice();
    await postOrder(t, t.alice.headers, orderPayload(t.alice, { items: [line(rice, '2 kg')] }));
    const res = await t.app.inject({ method: 'GET', url: '/api/seller/orders', headers: t.seller.headers });
    expect(res.statusCode, res.body).toBe(200);
    const [order] = body<{ data: Order[] }>(res).data.data;
    expect(order!.items[0]).toMatchObject({ variantId: variantId(rice, '2 kg'), size: '2 kg', price: 390 });
  });
});
