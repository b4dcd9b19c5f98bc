import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { API_MESSAGES, type ApiMessageCode } from '../../../contract/api-messages';
import { MAX_PRODUCT_IMAGES } from '../../../contract/image-limits';
import { body, useShop } from '../../test/harness';
import { fileBlob, insertCategory, insertProduct, picture } from '../products/test-fixtures';

const t = useShop({ people: true });

type Refusal = { success: false; message: string; code: ApiMessageCode; values?: (string | number)[] };

/**
 * What the back office's image forms are refused with: each refusal carries the code of its text in the catalogue
 * (contract/api-messages.ts), and the values its text was made from, so the app says it in the admin's language.
 */
function expectRefusal(res: { statusCode: number; body: string }, status: number, code: ApiMessageCode, ...values: (string | number)[]) {
  expect(res.statusCode, res.body).toBe(status);
  const text = API_MESSAGES[code];
  const message = typeof text === 'string' ? text : (text as (...given: (string | number)[]) => string)(...values);
  const { errors, ...refusal } = body(res as never) as unknown as Refusal & { errors?: { path: string }[] };
  expect(refusal).toEqual({ success: false, message, code, ...(values.length > 0 && { values }) });
  /** The fields the refusal names, when it names any. */
  return errors?.map((error) => error.path);
}

const post = (url: string, payload: FormData | object | string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as never, headers: { ...t.admin.headers, ...headers } });

async function bannerForm(files: [field: string, bytes: Buffer, type: string][]) {
  const form = new FormData();
  form.append('bannerOffer', '20');
  form.append('bannerCategory', 'fashion');
  for (const [field, bytes, type] of files) form.append(field, fileBlob(bytes, type), 'picture');
  return form;
}

describe('back-office image uploads are refused with a stable code', () => {
  it('names the image a form must carry: a wrong field, two images in one field, no image at all', async () => {
    const image = await picture(40, 30, 'jpeg');
    expectRefusal(await post('/api/banner', await bannerForm([['photo', image, 'image/jpeg']])), 400, 'unexpectedFileField', 'photo', 'bannerImage');
    const twice = await bannerForm([
      ['bannerImage', image, 'image/jpeg'],
      ['bannerImage', await picture(41, 30, 'jpeg'), 'image/jpeg'],
    ]);
    expectRefusal(await post('/api/banner', twice), 400, 'oneImagePerField', 'bannerImage');
    expectRefusal(await post('/api/banner', await bannerForm([])), 400, 'bannerImageRequired');
  });

  it('refuses what is not an image, a decompression bomb and more images than a product takes', async () => {
    expectRefusal(await post('/api/banner', await bannerForm([['bannerImage', Buffer.from('not a picture'), 'image/jpeg']])), 400, 'imageWrongType');
    // A PNG whose header claims 20,000 × 20,000 pixels (IHDR's data at byte 16, its CRC over type and data).
    const bomb = Buffer.from(await picture(1, 1, 'png'));
    bomb.writeUInt32BE(20_000, 16);
    bomb.writeUInt32BE(20_000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
    expectRefusal(await post('/api/banner', await bannerForm([['bannerImage', bomb, 'image/png']])), 400, 'imageTooManyPixels');

    const product = new FormData();
    for (let i = 0; i <= MAX_PRODUCT_IMAGES; i += 1)
      product.append('productImages', fileBlob(Buffer.from([0xff, 0xd8, 0xff, i]), 'image/jpeg'), `photo-${i}.jpg`);
    expectRefusal(await post('/api/products', product), 413, 'tooManyUploads', MAX_PRODUCT_IMAGES);
  });

  it('refuses a form it cannot read, with too many fields or a field too long, and a body that is no form', async () => {
    const crowded = new FormData();
    for (let i = 0; i < 101; i += 1) crowded.append(`field${i}`, 'x');
    expectRefusal(await post('/api/banner', crowded), 413, 'tooManyFormFields');

    const long = new FormData();
    long.append('bannerCategory', 'x'.repeat(257 * 1024));
    expectRefusal(await post('/api/banner', long), 400, 'formFieldTooLong', 'bannerCategory');

    const cutShort = '--b\r\nContent-Disposition: form-data; name="bannerImage"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8';
    expectRefusal(await post('/api/banner', cutShort, { 'content-type': 'multipart/form-data; boundary=b' }), 400, 'formUnreadable');
    const prototype = '--b\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\nx\r\n--b--\r\n';
    expectRefusal(await post('/api/banner', prototype, { 'content-type': 'multipart/form-data; boundary=b' }), 400, 'formUnreadable');

    expectRefusal(await post('/api/banner', ['not', 'an', 'object']), 400, 'expectedForm');
  });

  it('refuses a text field the form does not take, naming it, and changes nothing', async () => {
    const category = await insertCategory(t.db, 'Fashion');
    const product = await insertProduct(t.db, { name: 'Jamdani', categoryId: category.id, ownerId: t.seller.id });
    const misnamed = new FormData();
    misnamed.append('name', 'Renamed');
    misnamed.append('price', '10');
    misnamed.append('productDiscount', '10');
    const res = await t.app.inject({ method: 'PUT', url: `/api/products/${product.id}`, payload: misnamed as never, headers: t.seller.headers });
    expect(expectRefusal(res, 400, 'unknownFormFields', 'name, price')).toEqual(['name', 'price']);
    const after = body<{ productName: string; productDiscount: number }>(await t.app.inject({ url: `/api/products/${product.id}` })).data;
    expect(after).toMatchObject({ productName: 'Jamdani', productDiscount: 0 });

    const banner = await bannerForm([['bannerImage', await picture(40, 30, 'jpeg'), 'image/jpeg']]);
    banner.append('offer', '20');
    expectRefusal(await post('/api/banner', banner), 400, 'unknownFormFields', 'offer');
    expectRefusal(await post('/api/categories', { categoryName: 'Toys', image: '/media/x.jpg' }), 400, 'unknownFormFields', 'image');
  });

  it('refuses an image URL that names no stored file, naming the field, wherever a form takes one', async () => {
    const category = await insertCategory(t.db, 'Fashion');
    const nowhere = '/media/0123456789abcdef0123456789abcdef.png';
    const refusals: [string, string, object][] = [
      ['POST', '/api/products', { name: 'Ghost', originalPrice: 100, category: category.id, productImages: [nowhere] }],
      ['POST', '/api/categories', { categoryName: 'Toys', categoryImage: nowhere }],
      ['PUT', `/api/categories/${category.id}`, { categoryImage: nowhere }],
      ['POST', '/api/banner', { bannerImage: nowhere, bannerOffer: 10 }],
      ['POST', '/api/logo', { url: nowhere, alt: 'haat' }],
    ];
    for (const [method, url, payload] of refusals) {
      const res = await t.app.inject({ method: method as 'POST', url, payload, headers: t.admin.headers });
      const field = Object.keys(payload).find((key) => /image|url/i.test(key))!;
      expect(expectRefusal(res, 400, 'imageNotStored', field)).toEqual([field]);
    }
    const profile = await t.app.inject({
      method: 'PUT',
      url: '/api/user/update-profile',
      payload: { id: t.alice.id, profileImg: nowhere },
      headers: t.alice.headers,
    });
    expect(profile.statusCode).toBe(400);
    expect(body(profile)).toMatchObject({ code: 'imageNotStored', values: ['profileImg'] });

    const stored = await t.app.inject({
      method: 'POST',
      url: '/api/banner',
      payload: await bannerForm([['bannerImage', await picture(40, 30, 'png'), 'image/png']]),
      headers: t.admin.headers,
    });
    const image = body<{ bannerImage: string }>(stored).data.bannerImage;
    const logo = await t.app.inject({ method: 'POST', url: '/api/logo', payload: { url: image, alt: 'haat' }, headers: t.admin.headers });
    expect(logo.statusCode, logo.body).toBe(201);
  });
});
