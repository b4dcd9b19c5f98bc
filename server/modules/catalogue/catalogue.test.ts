import { beforeEach, describe, expect, it } from 'vitest';
import type { Category, CategoryName, SubCategory, SubSubCategory } from '../../../contract/catalogue';
import type { Role } from '../../../contract/auth';
import { body, useShop } from '../../test/harness';
import { fileBlob, insertCategory, insertProduct, insertSubCategory, insertSubSubCategory, mediaUrl, picture } from '../products/test-fixtures';

const t = useShop({ people: true });
let headers: Record<Role | 'anonymous', Record<string, string>>;
beforeEach(() => {
  headers = { anonymous: {}, admin: t.admin.headers, seller: t.seller.headers, user: t.alice.headers };
});

async function imageForm(fields: Record<string, string>, imageField?: string) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (imageField) form.append(imageField, fileBlob(await picture(300, 300), 'image/png'), 'picture.png');
  return form;
}

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('categories', () => {
  it('are created by an admin only, with an uploaded image', async () => {
    const send = async (who: keyof typeof headers) =>
      t.app.inject({ method: 'POST', url: '/api/categories', payload: await imageForm({ categoryName: 'Fashion' }, 'categoryImage'), headers: headers[who] });
    expect((await send('anonymous')).statusCode).toBe(401);
    expect((await send('user')).statusCode).toBe(403);
    expect((await send('seller')).statusCode).toBe(403);
    const created = await send('admin');
    expect(created.statusCode).toBe(201);
    const category = body<Category>(created).data;
    expect(category).toEqual({
      _id: expect.any(String),
      categoryName: 'Fashion',
      categoryNameBn: null,
      categoryImage: expect.stringMatching(/^\/media\/[0-9a-f]{32}\.png$/),
    });
    expect((await get(category.categoryImage)).statusCode).toBe(200);

    expect(body<Category[]>(await get('/api/categories')).data).toEqual([category]);
    expect(body<Category>(await get(`/api/categories/${category._id}`)).data).toEqual(category);
    expect(body<CategoryName[]>(await get('/api/categories/get-names')).data).toEqual([{ _id: category._id, categoryName: 'Fashion', categoryNameBn: null }]);
  });

  it('need a unique name (in any case) and an image', async () => {
    await insertCategory(t.db, 'Fashion');
    const duplicate = await t.app.inject({
      method: 'POST',
      url: '/api/categories',
      payload: await imageForm({ categoryName: 'FASHION' }, 'categoryImage'),
      headers: headers.admin,
    });
    expect(duplicate.statusCode).toBe(409);
    expect(body(duplicate).message).toBe('A category with this name already exists');
    const noImage = await t.app.inject({ method: 'POST', url: '/api/categories', payload: await imageForm({ categoryName: 'Books' }), headers: headers.admin });
    expect(noImage.statusCode).toBe(400);
    expect(body(noImage).message).toBe('Category image is required');
    const noName = await t.app.inject({ method: 'POST', url: '/api/categories', payload: { categoryImage: mediaUrl(3) }, headers: headers.admin });
    expect(noName.statusCode).toBe(400);
    expect(body(noName).message).toBe('Category name is required');
  });

  it('are renamed and re-imaged by an admin; an unknown id is 404', async () => {
    const fashion = await insertCategory(t.db, 'Fashion');
    const renamed = await t.app.inject({ method: 'PUT', url: `/api/categories/${fashion.id}`, payload: { categoryName: 'Clothing' }, headers: headers.admin });
    expect(body<Category>(renamed).data).toEqual({ _id: fashion.id, categoryName: 'Clothing', categoryNameBn: null, categoryImage: mediaUrl(1) });
    const reimaged = await t.app.inject({
      method: 'PUT',
      url: `/api/categories/${fashion.id}`,
      payload: await imageForm({}, 'categoryImage'),
      headers: headers.admin,
    });
    expect(body<Category>(reimaged).data.categoryImage).not.toBe(mediaUrl(1));
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/categories/${fashion.id}`, payload: { categoryName: 'x' }, headers: headers.seller })).statusCode,
    ).toBe(403);
    expect((await get('/api/categories/0123456789abcdef01234567')).statusCode).toBe(404);
  });

  it('in use by products cannot be deleted (409); an unused one goes with its sub-categories', async () => {
    const fashion = await insertCategory(t.db, 'Fashion');
    const books = await insertCategory(t.db, 'Books');
    const fiction = await insertSubCategory(t.db, books.id, 'Fiction');
    await insertProduct(t.db, { categoryId: fashion.id });

    expect((await t.app.inject({ method: 'DELETE', url: `/api/categories/${books.id}`, headers: headers.user })).statusCode).toBe(403);
    const inUse = await t.app.inject({ method: 'DELETE', url: `/api/categories/${fashion.id}`, headers: headers.admin });
    expect(inUse.statusCode).toBe(409);
    expect(body(inUse).message).toBe('This category still has products; move or delete them first');

    expect((await t.app.inject({ method: 'DELETE', url: `/api/categories/${books.id}`, headers: headers.admin })).statusCode).toBe(200);
    expect(body<Category[]>(await get('/api/categories')).data.map((c) => c.categoryName)).toEqual(['Fashion']);
    expect((await get(`/api/subcategories/${fiction.id}`)).statusCode).toBe(404);
  });
});

describe('sub-categories and sub-sub-categories', () => {
  it('are listed by parent and managed by admins', async () => {
    const fashion = await insertCategory(t.db, 'Fashion');
    const books = await insertCategory(t.db, 'Books');
    await insertSubCategory(t.db, books.id, 'Fiction');

    const anonymous = await t.app.inject({ method: 'POST', url: '/api/subcategories', payload: { subCategoryName: 'Sarees', categoryId: fashion.id } });
    expect(anonymous.statusCode).toBe(401);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/subcategories',
      payload: await imageForm({ subCategoryName: 'Sarees', categoryId: fashion.id }, 'subCategoryImage'),
      headers: headers.admin,
    });
    expect(created.statusCode).toBe(201);
    const sarees = body<SubCategory>(created).data;
    expect(sarees).toMatchObject({ subCategoryName: 'Sarees', categoryId: fashion.id, subCategoryImage: expect.stringMatching(/^\/media\//) });

    expect(body<SubCategory[]>(await get(`/api/subcategories?categoryId=${fashion.id}`)).data).toEqual([sarees]);
    expect(body<SubCategory[]>(await get('/api/subcategories')).data.map((s) => s.subCategoryName)).toEqual(['Fiction', 'Sarees']);

    const subSub = await t.app.inject({
      method: 'POST',
      url: '/api/subsubcategories',
      payload: { subSubCategoryName: 'Jamdani', subCategoryId: sarees._id },
      headers: headers.admin,
    });
    expect(subSub.statusCode).toBe(201);
    const jamdani = body<SubSubCategory>(subSub).data;
    expect(jamdani).toEqual({
      _id: expect.any(String),
      subSubCategoryName: 'Jamdani',
      subSubCategoryNameBn: null,
      categoryId: fashion.id,
      subCategoryId: sarees._id,
      subSubCategoryImage: null,
    });
    expect(body<SubSubCategory[]>(await get(`/api/subsubcategories?subCategoryId=${sarees._id}`)).data).toEqual([jamdani]);
    expect(body<SubSubCategory>(await get(`/api/subsubcategories/${jamdani._id}`)).data).toEqual(jamdani);

    const mismatch = await t.app.inject({
      method: 'POST',
      url: '/api/subsubcategories',
      payload: { subSubCategoryName: 'Wrong', subCategoryId: sarees._id, categoryId: books.id },
      headers: headers.admin,
    });
    expect(mismatch.statusCode).toBe(400);
    expect(body(mismatch).message).toBe('The sub-category does not belong to this category');
    const unknownParent = await t.app.inject({
      method: 'POST',
      url: '/api/subcategories',
      payload: { subCategoryName: 'X', categoryId: '0123456789abcdef01234567' },
      headers: headers.admin,
    });
    expect(body(unknownParent)).toMatchObject({ success: false, message: 'Category not found', code: 'categoryNotFound' });
  });

  it('moving a sub-category takes its products along', async () => {
    const fashion = await insertCategory(t.db, 'Fashion');
    const kids = await insertCategory(t.db, 'Kids');
    const frocks = await insertSubCategory(t.db, fashion.id, 'Frocks');
    const party = await insertSubSubCategory(t.db, frocks, 'Party');
    const product = await insertProduct(t.db, { name: 'Frock', categoryId: fashion.id, subCategoryId: frocks.id, subSubCategoryId: party.id });
    const res = await t.app.inject({ method: 'PUT', url: `/api/subcategories/${frocks.id}`, payload: { categoryId: kids.id }, headers: headers.admin });
    expect(body<SubCategory>(res).data.categoryId).toBe(kids.id);
    expect(body<SubSubCategory>(await get(`/api/subsubcategories/${party.id}`)).data.categoryId).toBe(kids.id);
    const moved = body<{ productCategory: { _id: string } }>(await get(`/api/products/${product.id}`)).data;
    expect(moved.productCategory._id).toBe(kids.id);
  });

  it('with products cannot be deleted', async () => {
    const fashion = await insertCategory(t.db, 'Fashion');
    const sarees = await insertSubCategory(t.db, fashion.id, 'Sarees');
    const jamdani = await insertSubSubCategory(t.db, sarees, 'Jamdani');
    const empty = await insertSubSubCategory(t.db, sarees, 'Empty');
    await insertProduct(t.db, { categoryId: fashion.id, subCategoryId: sarees.id, subSubCategoryId: jamdani.id });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/subcategories/${sarees.id}`, headers: headers.admin })).statusCode).toBe(409);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/subsubcategories/${jamdani.id}`, headers: headers.admin })).statusCode).toBe(409);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/subsubcategories/${empty.id}`, headers: headers.seller })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/subsubcategories/${empty.id}`, headers: headers.admin })).statusCode).toBe(200);
    expect((await get(`/api/subsubcategories/${empty.id}`)).statusCode).toBe(404);
  });
});
