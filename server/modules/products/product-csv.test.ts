import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Product, ProductList } from '../../../contract/catalogue';
import { PRODUCT_CSV_COLUMNS, PRODUCT_CSV_MAX_ROWS, type ProductImportPreview } from '../../../contract/product-csv';
import { products, searchTerms } from '../../db/schema';
import { csvRecords, fromCsvCell, toCsv } from '../../lib/csv';
import { body, type Person, useShop } from '../../test/harness';
import { insertCategory, insertProduct, insertSubCategory, mediaUrl, picture, storeMedia } from './test-fixtures';

const t = useShop({ people: true });

type Row = Record<(typeof PRODUCT_CSV_COLUMNS)[number], string>;

let groceries: { id: string; name: string };

beforeEach(async () => {
  await storeMedia(t.config, mediaUrl(2), mediaUrl(3));
  groceries = await insertCategory(t.db, 'Groceries');
});

const exportCsv = async (person: Person) => {
  const res = await t.app.inject({ url: '/api/products/export', headers: person.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res;
};

/** The file's rows by column, each cell as it was before the export neutralised it. */
function rowsOf(csv: string): Row[] {
  const [header, ...records] = [...csvRecords(csv)];
  return records.map((record) => Object.fromEntries(header!.cells.map((name, i) => [name, fromCsvCell(record.cells[i]!)])) as Row);
}
const csvOf = (rows: Partial<Row>[]) => toCsv([[...PRODUCT_CSV_COLUMNS], ...rows.map((row) => PRODUCT_CSV_COLUMNS.map((column) => row[column] ?? ''))]);

const send = (person: Person, url: string, file: string | Buffer, type = 'text/csv') =>
  t.app.inject({ method: 'POST', url, payload: file, headers: { ...person.headers, 'content-type': type } });
async function preview(person: Person, file: string | Buffer): Promise<ProductImportPreview> {
  const res = await send(person, '/api/products/import/preview', file);
  expect(res.statusCode, res.body).toBe(200);
  return body<ProductImportPreview>(res).data;
}
const apply = (person: Person, file: string | Buffer, token: string) => send(person, `/api/products/import/apply?preview=${token}`, file);

const createRice = async (person: Person) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: person.headers,
    payload: {
      name: 'Najirshail Rice',
      productNameBn: 'নাজিরশাইল চাল',
      description: '-Aromatic, "long" grain\nfrom Dinajpur',
      productDescriptionBn: 'দিনাজপুরের সুগন্ধি চাল',
      productDetails: '=Origin: Dinajpur\n@harvest 2026',
      productDetailsBn: 'উৎস: দিনাজপুর',
      quantity: '1 kg',
      quantityBn: '১ কেজি',
      searchTags: 'rice, chal, চাল',
      originalPrice: 999,
      category: groceries.id,
      productImages: [mediaUrl(2)],
      variants: [
        { sku: 'RICE-5KG', size: '5 kg', originalPrice: 937.5, remainingProducts: 20 },
        { sku: 'RICE-1KG', size: '1 kg', originalPrice: 200, discount: 5, remainingProducts: 12 },
      ],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return body<Product>(res).data;
};
const productCount = async () => (await t.db.select({ id: products.id }).from(products)).length;

describe('products CSV export', () => {
  it('writes UTF-8 with a byte-order mark, one row per variant, Bangla kept and formulas neutralised', async () => {
    const rice = await createRice(t.seller);
    const plain = await insertProduct(t.db, { name: 'Sylhet Tea', categoryId: groceries.id, originalPrice: 250, remaining: 7, ownerId: t.admin.id });
    const res = await exportCsv(t.admin);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="products.csv"');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.body.split('\r\n')[0]).toBe(`\uFEFF${PRODUCT_CSV_COLUMNS.map((c) => `"${c}"`).join(',')}`);
    // Neutralised in the file: a spreadsheet shows the text and runs nothing.
    expect(res.body).toContain('"\'=Origin: Dinajpur\n@harvest 2026"');
    expect(res.body).toContain('"\'-Aromatic, ""long"" grain\nfrom Dinajpur"');
    const rows = rowsOf(res.body);
    const riceRows = rows.filter((row) => row.productId === rice._id);
    expect(riceRows.map((row) => [row.sku, row.size, row.originalPrice, row.discount, row.remainingProducts])).toEqual([
      ['RICE-5KG', '5 kg', '937.5', '0', '20'],
      ['RICE-1KG', '1 kg', '200', '5', '12'],
    ]);
    expect(riceRows[0]).toMatchObject({
      productNameBn: 'নাজিরশাইল চাল',
      productDescriptionBn: 'দিনাজপুরের সুগন্ধি চাল',
      productDetails: '=Origin: Dinajpur\n@harvest 2026',
      quantityBn: '১ কেজি',
      searchTags: 'rice, chal, চাল',
      category: 'Groceries',
      productImages: mediaUrl(2),
    });
    expect(rows.find((row) => row.productId === plain.id)).toMatchObject({ variantId: '', sku: '', originalPrice: '250', remainingProducts: '7' });
  });

  it('gives a seller only their own products, an admin every one, and nobody else any', async () => {
    const mine = await insertProduct(t.db, { name: 'Mine', categoryId: groceries.id, ownerId: t.seller.id });
    const theirs = await insertProduct(t.db, { name: 'Theirs', categoryId: groceries.id, ownerId: t.admin.id });
    expect(rowsOf((await exportCsv(t.seller)).body).map((row) => row.productId)).toEqual([mine.id]);
    expect(
      rowsOf((await exportCsv(t.admin)).body)
        .map((row) => row.productId)
        .sort(),
    ).toEqual([mine.id, theirs.id].sort());
    expect((await t.app.inject({ url: '/api/products/export', headers: t.alice.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/products/export' })).statusCode).toBe(401);
  });
});

describe('products CSV import', () => {
  it('changes nothing when a file is imported as it was exported', async () => {
    await createRice(t.seller);
    const sub = await insertSubCategory(t.db, groceries.id, 'Rice');
    await insertProduct(t.db, {
      name: '=cmd|calc',
      nameBn: '+চা',
      categoryId: groceries.id,
      subCategoryId: sub.id,
      details: ['-1'],
      tags: ['@tea'],
      ownerId: t.admin.id,
    });
    const file = (await exportCsv(t.admin)).body;
    const seen = await preview(t.admin, file);
    expect(seen).toMatchObject({ created: 0, changed: 0, refused: 0, unchanged: 2, rows: [] });
    const res = await apply(t.admin, file, seen.preview);
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).data).toEqual({ created: 0, changed: 0 });
  });

  it('previews a changed price without writing it, then applies it: the product, the listing and the search show it', async () => {
    const rice = await createRice(t.seller);
    // The listing is read (and cached) before the import.
    expect(body<ProductList>(await t.app.inject({ url: '/api/products?search=rice' })).data.data[0]!.productPrice).toBe(190);
    const rows = rowsOf((await exportCsv(t.seller)).body);
    rows[1]!.originalPrice = '180';
    rows[0]!.searchTags = 'rice, chal, চাল, polao';
    rows[1]!.searchTags = 'rice, chal, চাল, polao';
    const file = csvOf(rows);
    const seen = await preview(t.seller, file);
    expect(seen).toMatchObject({ created: 0, changed: 1, refused: 0, unchanged: 0 });
    expect(seen.rows).toEqual([
      {
        lines: [2, 3],
        outcome: 'change',
        productId: rice._id,
        productName: 'Najirshail Rice',
        reason: null,
        changes: [
          { field: 'searchTags', before: 'rice, chal, চাল', after: 'rice, chal, চাল, polao' },
          { field: 'originalPrice (1 kg)', before: '200', after: '180' },
        ],
      },
    ]);
    const unchanged = body<Product>(await t.app.inject({ url: `/api/products/${rice._id}` })).data;
    expect(unchanged.variants[1]!.price).toBe(190);

    const res = await apply(t.seller, file, seen.preview);
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).data).toEqual({ created: 0, changed: 1 });
    const changed = body<Product>(await t.app.inject({ url: `/api/products/${rice._id}` })).data;
    expect(changed.variants.map((v) => [v._id, v.price])).toEqual([
      [rice.variants[0]!._id, 937.5],
      [rice.variants[1]!._id, 171],
    ]);
    expect(changed.productPrice).toBe(171);
    expect(body<ProductList>(await t.app.inject({ url: '/api/products?search=rice' })).data.data[0]!.productPrice).toBe(171);
    expect(body<ProductList>(await t.app.inject({ url: '/api/products?search=polao' })).data.data.map((p) => p._id)).toEqual([rice._id]);
  });

  it('keeps the search terms exact: a product the file renames is neither found nor offered by its old word', async () => {
    const rice = await createRice(t.seller);
    const searchFor = async (query: string) => body<ProductList>(await t.app.inject({ url: `/api/products?search=${query}` })).data;
    expect((await searchFor('najirshail')).data.map((p) => p._id)).toEqual([rice._id]);
    const rows = rowsOf((await exportCsv(t.seller)).body);
    for (const row of rows) Object.assign(row, { productName: 'Kalijira Rice', productNameBn: 'কালিজিরা চাল' });
    const file = csvOf(rows);
    const res = await apply(t.seller, file, (await preview(t.seller, file)).preview);
    expect(res.statusCode, res.body).toBe(200);
    const terms = (await t.db.select({ term: searchTerms.term }).from(searchTerms)).map((row) => row.term);
    expect(terms).toContain('kalijira');
    expect(terms).not.toContain('najirshail');
    expect(terms).toEqual(expect.arrayContaining(['rice', 'chal', 'groceries']));
    const old = await searchFor('najirshail');
    expect(old.data).toEqual([]);
    expect(old.correctedSearch).toBeUndefined();
    expect((await searchFor('kalijira')).data.map((p) => p._id)).toEqual([rice._id]);
  });

  it('creates products, with their variants, from rows without a productId', async () => {
    const file = csvOf([
      {
        productName: 'Mustard Oil',
        productNameBn: 'সরিষার তেল',
        category: 'groceries',
        productImages: mediaUrl(3),
        sku: 'OIL-1L',
        size: '1 l',
        originalPrice: '320',
        remainingProducts: '5',
      },
      { productName: 'Mustard Oil', sku: 'OIL-5L', size: '5 l', originalPrice: '1500', remainingProducts: '2' },
      {
        productName: 'Honey',
        category: 'Groceries',
        productImages: mediaUrl(2),
        originalPrice: '650',
        discount: '10',
        remainingProducts: '4',
        quantity: '500 g',
      },
    ]);
    const seen = await preview(t.seller, file);
    expect(seen.rows.map((row) => [row.outcome, row.lines, row.productName])).toEqual([
      ['create', [2, 3], 'Mustard Oil'],
      ['create', [4], 'Honey'],
    ]);
    expect(await productCount()).toBe(0);
    expect((await apply(t.seller, file, seen.preview)).statusCode).toBe(200);
    const list = body<ProductList>(await t.app.inject({ url: '/api/products?sortBy=priceAsc' })).data.data;
    expect(list.map((p) => [p.productName, p.productNameBn, p.productPrice, p.remainingProducts, p.OwnerId?._id])).toEqual([
      ['Mustard Oil', 'সরিষার তেল', 320, 7, t.seller.id],
      ['Honey', null, 585, 4, t.seller.id],
    ]);
    expect(list[0]!.variants.map((v) => v.sku)).toEqual(['OIL-1L', 'OIL-5L']);
    expect(body<ProductList>(await t.app.inject({ url: '/api/products?search=sorisha' })).data.data.map((p) => p.productName)).toEqual(['Mustard Oil']);
  });

  it('refuses rows line by line with the reason, and applies the others', async () => {
    const rice = await createRice(t.seller);
    const adminTea = await insertProduct(t.db, { name: 'Sylhet Tea', categoryId: groceries.id, ownerId: t.admin.id });
    const rows = rowsOf((await exportCsv(t.seller)).body);
    rows[0]!.originalPrice = '900';
    const valid = { category: 'Groceries', productImages: mediaUrl(3), originalPrice: '100' };
    const file =
      csvOf([
        ...rows,
        { ...valid, productName: 'Nowhere', category: 'Electronics' },
        { ...valid, productName: 'Free', originalPrice: 'abc' },
        { ...valid, productName: 'Twin', sku: 'RICE-5KG', size: 'x' },
        { ...valid, productName: 'Twice A', sku: 'NEW-1', size: 'x' },
        { ...valid, productName: 'Twice B', sku: 'new-1', size: 'y' },
        { ...valid, productId: adminTea.id, productName: 'Sylhet Tea' },
        { ...valid, productId: 'no-such-product', productName: 'Ghost' },
        { ...valid, productName: 'No picture', productImages: mediaUrl(9) },
        { ...valid, productName: 'Fine' },
      ]) + '"short","row"\r\n';
    const seen = await preview(t.seller, file);
    expect(seen.rows.map((row) => [row.lines[0], row.outcome, row.productName, row.reason?.message ?? null])).toEqual([
      [2, 'change', 'Najirshail Rice', null],
      [4, 'refuse', 'Nowhere', 'No category is called Electronics'],
      [5, 'refuse', 'Free', 'Price must be a number'],
      [6, 'refuse', 'Twin', 'The SKU RICE-5KG is already used by another product'],
      [7, 'create', 'Twice A', null],
      [8, 'refuse', 'Twice B', 'The SKU new-1 is also on line 7'],
      [9, 'refuse', 'Sylhet Tea', 'You can only change your own products'],
      [10, 'refuse', 'Ghost', 'No product has the productId no-such-product'],
      [11, 'refuse', 'No picture', 'productImages names an image that is not stored here: upload it first'],
      [12, 'create', 'Fine', null],
      [13, 'refuse', 'row', 'The line has 2 cells where the header has 21'],
    ]);
    expect(seen).toMatchObject({ created: 2, changed: 1, refused: 8 });
    expect((await apply(t.seller, file, seen.preview)).statusCode).toBe(200);
    expect((await t.db.select({ name: products.name }).from(products)).map((p) => p.name).sort()).toEqual(['Fine', 'Najirshail Rice', 'Sylhet Tea', 'Twice A']);
    expect(body<Product>(await t.app.inject({ url: `/api/products/${rice._id}` })).data.variants[0]!.originalPrice).toBe(900);
    expect(body<Product>(await t.app.inject({ url: `/api/products/${adminTea.id}` })).data.productName).toBe('Sylhet Tea');
  });

  it('refuses to apply when the products changed since the preview, and writes nothing', async () => {
    const rice = await createRice(t.seller);
    const rows = rowsOf((await exportCsv(t.seller)).body);
    rows[0]!.remainingProducts = '50';
    const file = csvOf(rows);
    const seen = await preview(t.seller, file);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${rice._id}`,
      headers: t.seller.headers,
      payload: { productName: 'Najirshail Rice (new crop)' },
    });
    expect(put.statusCode).toBe(200);
    const res = await apply(t.seller, file, seen.preview);
    expect(res.statusCode).toBe(409);
    expect(body(res).message).toBe('The products or the file changed since the preview: preview the file again');
    expect(body<Product>(await t.app.inject({ url: `/api/products/${rice._id}` })).data.variants[0]!.remainingProducts).toBe(20);
    // A file other than the one previewed is refused the same way.
    rows[0]!.remainingProducts = '60';
    expect((await apply(t.seller, csvOf(rows), (await preview(t.seller, file)).preview)).statusCode).toBe(409);
  });

  it('imports a few hundred rows in one go', async () => {
    const rows = Array.from({ length: 300 }, (_, i) => ({
      productName: `Product ${i}`,
      category: 'Groceries',
      productImages: mediaUrl(2),
      sku: `SKU-${i}`,
      size: 'M',
      originalPrice: String(100 + i),
      remainingProducts: '3',
    }));
    const file = csvOf(rows);
    const seen = await preview(t.admin, file);
    expect(seen).toMatchObject({ created: 300, changed: 0, refused: 0 });
    expect((await apply(t.admin, file, seen.preview)).statusCode).toBe(200);
    expect(await productCount()).toBe(300);
    const [oneOf] = await t.db.select().from(products).where(eq(products.name, 'Product 299'));
    expect(oneOf).toMatchObject({ price: 399, remaining: 3, ownerId: t.admin.id });
    // Exported again and imported, nothing changes.
    expect(await preview(t.admin, (await exportCsv(t.admin)).body)).toMatchObject({ created: 0, changed: 0, unchanged: 300, refused: 0 });
  });

  it('answers a hostile file with a 400 and a message, never a 500', async () => {
    const header = csvOf([]);
    const tooMany = header + '"x"\r\n'.repeat(PRODUCT_CSV_MAX_ROWS + 1);
    const cases: [string, string | Buffer, string][] = [
      ['a picture', await picture(64, 64, 'png'), 'The file is not a CSV file'],
      [
        'Latin-1 text',
        Buffer.concat([Buffer.from(header), Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x0d, 0x0a])]),
        'The file is not UTF-8 text: save it as "CSV UTF-8" and try again',
      ],
      ['UTF-16', Buffer.from(`\uFEFF${header}`, 'utf16le'), 'The file is not UTF-8 text: save it as "CSV UTF-8" and try again'],
      ['too many rows', tooMany, `The file has more than ${PRODUCT_CSV_MAX_ROWS} rows`],
      ['too large', Buffer.alloc(17 * 1024 * 1024, 0x61), 'The file is larger than 16 MB'],
      ['empty', '', 'The file has no header row'],
      [
        'other columns',
        'name,price\r\nRice,10\r\n',
        'The file lacks the columns productId, productName, productNameBn, productDescription, productDescriptionBn, productDetails, productDetailsBn, quantity, quantityBn, searchTags, category, subCategory, subSubCategory, productImages, variantId, sku, size, color, originalPrice, discount, remainingProducts',
      ],
      ['an unknown column', header.replace('\r\n', ',"extra"\r\n'), 'The file has columns the import does not know: extra'],
      ['broken quoting', `${header}"Rice,10\r\n`, 'Line 2: a quoted cell is never closed'],
    ];
    for (const [what, file, message] of cases) {
      for (const url of ['/api/products/import/preview', '/api/products/import/apply?preview=' + 'a'.repeat(64)]) {
        const res = await send(t.admin, url, file);
        expect(res.statusCode, `${what} ${url}`).toBe(400);
        expect(body(res).message, what).toBe(message);
      }
    }
    const json = await send(t.admin, '/api/products/import/preview', JSON.stringify({ csv: 'x' }), 'application/json');
    expect(json.statusCode).toBe(400);
    expect((await apply(t.admin, header, 'not-a-token')).statusCode).toBe(400);
    expect((await send(t.alice, '/api/products/import/preview', header)).statusCode).toBe(403);
  });
});
