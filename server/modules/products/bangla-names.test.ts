import { beforeEach, describe, expect, it } from 'vitest';
import type { Category, Product, ProductList, SubCategory, SubSubCategory } from '../../../contract/catalogue';
import { body, useShop } from '../../test/harness';
import { pdfText } from '../../test/pdf-text';
import { checkoutSeed } from '../../seed/orders';
import { orderPayload, placed, postOrder } from '../orders/test-fixtures';
import { fileBlob, insertCategory, picture } from './test-fixtures';

const t = useShop({ people: true });

async function productForm(fields: Record<string, string>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('productImages', fileBlob(await picture(400, 300, 'jpeg'), 'image/jpeg'), 'mango.jpg');
  return form;
}

let categoryId: string;
beforeEach(async () => {
  await checkoutSeed.run(t.db);
  categoryId = (await insertCategory(t.db, 'Fruits')).id;
});

async function createMango(fields: Record<string, string> = {}): Promise<Product> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: t.seller.headers,
    payload: await productForm({
      name: 'Himsagar Mango',
      productNameBn: 'হিমসাগর আম',
      description: 'Sweet mangoes from Rajshahi.',
      productDescriptionBn: 'রাজশাহীর মিষ্টি আম।',
      productDetails: 'Picked ripe\nNo carbide',
      productDetailsBn: 'পাকা অবস্থায় পাড়া\nকার্বাইড নেই',
      quantity: '1 kg',
      quantityBn: '১ কেজি',
      originalPrice: '150',
      remainingProducts: '40',
      category: categoryId,
      ...fields,
    }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return body<Product>(res).data;
}

describe('Bangla names', () => {
  it('keeps a product’s Bangla name, description, details and unit beside the English ones, and clears one given empty', async () => {
    const mango = await createMango();
    expect(mango).toMatchObject({
      productName: 'Himsagar Mango',
      productNameBn: 'হিমসাগর আম',
      productDescriptionBn: 'রাজশাহীর মিষ্টি আম।',
      productDetails: ['Picked ripe', 'No carbide'],
      productDetailsBn: ['পাকা অবস্থায় পাড়া', 'কার্বাইড নেই'],
      quantity: '1 kg',
      quantityBn: '১ কেজি',
      productCategory: { _id: categoryId, categoryName: 'Fruits', categoryNameBn: null },
    });

    const cleared = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${mango._id}`,
      headers: t.seller.headers,
      payload: { productNameBn: '', quantityBn: '' },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(body<Product>(cleared).data).toMatchObject({
      productName: 'Himsagar Mango',
      productNameBn: null,
      quantityBn: null,
      productDescriptionBn: 'রাজশাহীর মিষ্টি আম।',
    });
  });

  it('answers a product given no Bangla with nulls and empty details: the specification’s fields are as before', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: t.seller.headers,
      payload: await productForm({ name: 'Fazli Mango', originalPrice: '120', category: categoryId }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(body<Product>(res).data).toMatchObject({
      productName: 'Fazli Mango',
      productNameBn: null,
      productDescriptionBn: null,
      productDetailsBn: [],
      quantityBn: null,
    });
  });

  it('refuses a Bangla name that is too long or not one line, naming the field', async () => {
    const long = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${(await createMango())._id}`,
      headers: t.seller.headers,
      payload: { productNameBn: 'আ'.repeat(201) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('Bangla product name must be at most 200 characters');
  });

  it('names categories at every level in Bangla, and clears a Bangla name given empty', async () => {
    const admin = t.admin.headers;
    const renamed = await t.app.inject({ method: 'PUT', url: `/api/categories/${categoryId}`, headers: admin, payload: { categoryNameBn: 'ফল' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(body<Category>(renamed).data).toMatchObject({ categoryName: 'Fruits', categoryNameBn: 'ফল' });

    const sub = await t.app.inject({
      method: 'POST',
      url: '/api/subcategories',
      headers: admin,
      payload: { subCategoryName: 'Mangoes', subCategoryNameBn: 'আম', categoryId },
    });
    expect(sub.statusCode, sub.body).toBe(201);
    const subCategory = body<SubCategory>(sub).data;
    expect(subCategory.subCategoryNameBn).toBe('আম');

    const subSub = await t.app.inject({
      method: 'POST',
      url: '/api/subsubcategories',
      headers: admin,
      payload: { subSubCategoryName: 'Himsagar', subSubCategoryNameBn: 'হিমসাগর', subCategoryId: subCategory._id },
    });
    expect(subSub.statusCode, subSub.body).toBe(201);
    const subSubCategory = body<SubSubCategory>(subSub).data;
    expect(subSubCategory.subSubCategoryNameBn).toBe('হিমসাগর');

    const cleared = await t.app.inject({
      method: 'PUT',
      url: `/api/subsubcategories/${subSubCategory._id}`,
      headers: admin,
      payload: { subSubCategoryNameBn: '' },
    });
    expect(body<SubSubCategory>(cleared).data).toMatchObject({ subSubCategoryName: 'Himsagar', subSubCategoryNameBn: null });

    const mango = await createMango();
    expect(mango.productCategory).toEqual({ _id: categoryId, categoryName: 'Fruits', categoryNameBn: 'ফল' });
  });

  it('keeps the Bangla name on the order line: a Bangla invoice names the product in Bangla, an English one in English', async () => {
    const mango = await createMango();
    const plain = await createMango({ name: 'Langra Mango', productNameBn: '' });
    const res = await postOrder(
      t,
      t.alice.headers,
      orderPayload(t.alice, {
        items: [
          { productId: mango._id, quantity: 1 },
          { productId: plain._id, quantity: 1 },
        ],
      }),
    );
    const { order } = placed(res);
    expect(order.items.map((item) => [item.productName, item.productNameBn])).toEqual([
      ['Himsagar Mango', 'হিমসাগর আম'],
      ['Langra Mango', null],
    ]);
    const url = `/api/order/invoice/${order._id}`;
    const bangla = await pdfText((await t.app.inject({ method: 'GET', url, headers: { ...t.alice.headers, cookie: 'lang=bn' } })).rawPayload);
    // The PDF's text puts a vowel sign drawn before its consonant first; the rest of the name reads as typed.
    expect(bangla).toContain('মসাগর আম');
    expect(bangla).not.toContain('Himsagar');
    expect(bangla).toContain('Langra Mango');
    const english = await pdfText((await t.app.inject({ method: 'GET', url, headers: t.alice.headers })).rawPayload);
    expect(english).toContain('Himsagar Mango');
    expect(english).not.toContain('হিমসাগর আম');
  });

  it('finds a product by its Bangla name and its category’s, typed in Bangla or in Banglish, and again after a rename', async () => {
    const found = async (query: string) =>
      body<ProductList>(await t.app.inject({ method: 'GET', url: `/api/products?limit=0&search=${encodeURIComponent(query)}` })).data.data.map(
        (p) => p.productName,
      );
    await createMango({ name: 'Himsagar', productNameBn: 'হিমসাগর আম', description: 'From Rajshahi.', productDescriptionBn: '' });
    expect(await found('আম')).toEqual(['Himsagar']);
    expect(await found('aam')).toEqual(['Himsagar']);
    expect(await found('ফল')).toEqual([]);

    const renamed = await t.app.inject({ method: 'PUT', url: `/api/categories/${categoryId}`, headers: t.admin.headers, payload: { categoryNameBn: 'ফল' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await found('ফল')).toEqual(['Himsagar']);
    expect(await found('phol')).toEqual(['Himsagar']);
  });
});
