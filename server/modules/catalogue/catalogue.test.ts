import { beforeEach, describe, expect, it } from 'vitest';
import type { Banner, Category, CategoryName, Logo, SubCategory, SubSubCategory } from '../../../contract/catalogue';
import type { Role } from '../../../contract/auth';
import { body, useShop } from '../../test/harness';
import { fileBlob, insertCategory, insertProduct, insertSubCategory, insertSubSubCategory, mediaUrl, picture, storeMedia } from '../products/test-fixtures';

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
    expect(category).toEqual({ _id: expect.any(String), categoryName: 'Fashion', categoryNameBn: null, categoryImage: expect.stringMatching(/^\/media\/[0-9a-f]{32}\.png$/) });
    expect((await get(category.categoryImage)).statusCode).toBe(200);

    expect(body<Category[]>(await get('/api/categories')).data).toEqual([category]);
    expect(body<Category>(await get(`/api/categories/${category._id}`)).data).toEqual(category);
    expect(body<CategoryName[]>(await get('/api/categories/get-names')).data).toEqual([{ _id: category._id, categoryName: 'Fashion', categoryNameBn: null }]);
  });

  it('need a unique name (in any case) and an image', async () => {
    await insertCategory(t.db, 'Fashion');
    const duplicate = await t.app.inject({ method: 'POST', url: '/api/categories', payload: await imageForm({ categoryName: 'FASHION' }, 'categoryImage'), headers: headers.admin });
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
    const reimaged = await t.app.inject({ method: 'PUT', url: `/api/categories/${fashion.id}`, payload: await imageForm({}, 'categoryImage'), headers: headers.admin });
    expect(body<Category>(reimaged).data.categoryImage).not.toBe(mediaUrl(1));
    expect((await t.app.inject({ method: 'PUT', url: `/api/categories/${fashion.id}`, payload: { categoryName: 'x' }, headers: headers.seller })).statusCode).toBe(403);
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

    const subSub = await t.app.inject({ method: 'POST', url: '/api/subsubcategories', payload: { subSubCategoryName: 'Jamdani', subCategoryId: sarees._id }, headers: headers.admin });
    expect(subSub.statusCode).toBe(201);
    const jamdani = body<SubSubCategory>(subSub).data;
    expect(jamdani).toEqual({ _id: expect.any(String), subSubCategoryName: 'Jamdani', subSubCategoryNameBn: null, categoryId: fashion.id, subCategoryId: sarees._id, subSubCategoryImage: null });
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
    const unknownParent = await t.app.inject({ method: 'POST', url: '/api/subcategories', payload: { subCategoryName: 'X', categoryId: '0123456789abcdef01234567' }, headers: headers.admin });
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

describe('banners', () => {
  it('carry an offer and a category, and only admins change them', async () => {
    const fashion = await insertCategory(t.db, 'Fashion');
    expect(body<Banner[]>(await get('/api/banner')).data).toEqual([]);
    const form = await imageForm({ bannerOffer: '20', bannerCategory: 'fashion' }, 'bannerImage');
    expect((await t.app.inject({ method: 'POST', url: '/api/banner', payload: form, headers: headers.seller })).statusCode).toBe(403);
    const created = await t.app.inject({ method: 'POST', url: '/api/banner', payload: await imageForm({ bannerOffer: '20', bannerCategory: 'fashion' }, 'bannerImage'), headers: headers.admin });
    expect(created.statusCode).toBe(201);
    const banner = body<Banner>(created).data;
    expect(banner).toEqual({ _id: expect.any(String), bannerImage: expect.stringMatching(/^\/media\//), bannerOffer: 20, bannerCategory: { _id: fashion.id, categoryName: 'Fashion', categoryNameBn: null }, position: 1 });
    expect(body<Banner[]>(await get('/api/banner')).data).toEqual([banner]);

    const cleared = await t.app.inject({ method: 'PUT', url: `/api/banner/${banner._id}`, payload: { bannerCategory: '', bannerOffer: 35 }, headers: headers.admin });
    expect(body<Banner>(cleared).data).toMatchObject({ bannerOffer: 35, bannerCategory: null });

    const badOffer = await t.app.inject({ method: 'POST', url: '/api/banner', payload: { bannerImage: mediaUrl(4), bannerOffer: 150 }, headers: headers.admin });
    expect(body(badOffer)).toMatchObject({ success: false, message: 'Offer must be between 0 and 100' });

    expect((await t.app.inject({ method: 'DELETE', url: `/api/banner/${banner._id}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/banner/${banner._id}`, headers: headers.admin })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/banner/${banner._id}`, headers: headers.admin })).statusCode).toBe(404);
    expect(body<Banner[]>(await get('/api/banner')).data).toEqual([]);
  });

  describe('order', () => {
    const create = async (offer: number, position?: number) => {
      await storeMedia(t.config, mediaUrl(offer));
      const payload = { bannerImage: mediaUrl(offer), bannerOffer: offer, ...(position !== undefined && { position }) };
      const created = await t.app.inject({ method: 'POST', url: '/api/banner', payload, headers: headers.admin });
      expect(created.statusCode).toBe(201);
      return body<Banner>(created).data;
    };
    const move = (banner: Banner, position: unknown, who: keyof typeof headers = 'admin') =>
      t.app.inject({ method: 'PUT', url: `/api/banner/${banner._id}`, payload: { position }, headers: headers[who] });
    /** The banners as the home page shows them: each one's offer (they tell them apart) and its position. */
    const shown = async () => body<Banner[]>(await get('/api/banner')).data.map((banner) => [banner.bannerOffer, banner.position]);

    it('puts a new banner last, or at the place asked for, and keeps the positions 1..n', async () => {
      await create(10);
      await create(20);
      expect(await shown()).toEqual([[10, 1], [20, 2]]);
      expect((await create(30, 1)).position).toBe(1);
      expect(await shown()).toEqual([[30, 1], [10, 2], [20, 3]]);
      // A place past the end is the end.
      expect((await create(40, 99)).position).toBe(4);
      expect(await shown()).toEqual([[30, 1], [10, 2], [20, 3], [40, 4]]);
    });

    it('moves a banner, shifting the ones between, and closes the gap a deleted one leaves', async () => {
      const [a, b, c, d] = [await create(1), await create(2), await create(3), await create(4)];
      const moved = await move(d!, 1);
      expect(moved.statusCode).toBe(200);
      expect(body<Banner>(moved).data).toMatchObject({ bannerOffer: 4, position: 1 });
      expect(await shown()).toEqual([[4, 1], [1, 2], [2, 3], [3, 4]]);
      await move(a!, 3);
      expect(await shown()).toEqual([[4, 1], [2, 2], [1, 3], [3, 4]]);
      await move(b!, 50);
      expect(await shown()).toEqual([[4, 1], [1, 2], [3, 3], [2, 4]]);

      expect((await t.app.inject({ method: 'DELETE', url: `/api/banner/${a!._id}`, headers: headers.admin })).statusCode).toBe(200);
      expect(await shown()).toEqual([[4, 1], [3, 2], [2, 3]]);
      expect((await create(5)).position).toBe(4);
      // A move together with other changes does both.
      const both = await t.app.inject({ method: 'PUT', url: `/api/banner/${c!._id}`, payload: { bannerOffer: 33, position: 1 }, headers: headers.admin });
      expect(body<Banner>(both).data).toMatchObject({ bannerOffer: 33, position: 1 });
      expect(await shown()).toEqual([[33, 1], [4, 2], [2, 3], [5, 4]]);
    });

    it('refuses a position that is not a whole number from 1 to 1000, and changes nothing', async () => {
      const [a] = [await create(1), await create(2)];
      for (const position of [0, -1, 1.5, 1001, 2 ** 63, 'first', '', [1], { $gt: 0 }, true]) {
        const answer = await move(a!, position);
        // An empty text is an absent field: nothing to move.
        if (position === '') expect(answer.statusCode).toBe(200);
        else expect(answer.statusCode, `position ${JSON.stringify(position)}`).toBe(400);
      }
      const refused = await t.app.inject({ method: 'POST', url: '/api/banner', payload: { bannerImage: mediaUrl(3), position: 0 }, headers: headers.admin });
      expect(body(refused)).toMatchObject({ success: false, message: 'Position must be between 1 and 1000' });
      expect(await shown()).toEqual([[1, 1], [2, 2]]);
    });

    it('is changed by an admin only', async () => {
      const [, b] = [await create(1), await create(2)];
      expect((await move(b!, 1, 'user')).statusCode).toBe(403);
      expect((await move(b!, 1, 'seller')).statusCode).toBe(403);
      expect((await move(b!, 1, 'anonymous')).statusCode).toBe(401);
      const asSeller = await t.app.inject({ method: 'POST', url: '/api/banner', payload: { bannerImage: mediaUrl(3), position: 1 }, headers: headers.seller });
      expect(asSeller.statusCode).toBe(403);
      expect(await shown()).toEqual([[1, 1], [2, 2]]);
    });
  });
});

describe('logo', () => {
  it('is the newest one uploaded, or null', async () => {
    expect(body(await get('/api/logo'))).toMatchObject({ success: true, data: null });
    expect((await t.app.inject({ method: 'POST', url: '/api/logo', payload: await imageForm({ alt: 'haat' }, 'url') })).statusCode).toBe(401);
    const first = await t.app.inject({ method: 'POST', url: '/api/logo', payload: await imageForm({ alt: 'haat' }, 'url'), headers: headers.admin });
    expect(first.statusCode).toBe(201);
    const firstLogo = body<Logo>(first).data;
    expect(firstLogo).toEqual({ _id: expect.any(String), url: expect.stringMatching(/^\/media\/[0-9a-f]{32}\.png$/), alt: 'haat' });

    await storeMedia(t.config, mediaUrl(7));
    const second = await t.app.inject({ method: 'POST', url: '/api/logo', payload: { url: mediaUrl(7), alt: 'haat হাট' }, headers: headers.admin });
    const secondLogo = body<Logo>(second).data;
    expect(body<Logo>(await get('/api/logo')).data).toEqual(secondLogo);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/logo/${secondLogo._id}`, headers: headers.user })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/logo/${secondLogo._id}`, headers: headers.admin })).statusCode).toBe(200);
    expect(body<Logo>(await get('/api/logo')).data).toEqual(firstLogo);
  });

  it('refuses an image URL that is not one of our uploads', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/logo', payload: { url: 'https://evil.example/logo.png' }, headers: headers.admin });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('Images must be uploaded files or /media/ URLs of uploaded files');
  });
});
