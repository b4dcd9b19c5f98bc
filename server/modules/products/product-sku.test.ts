import { beforeEach, describe, expect, it } from 'vitest';
import type { Product, ProductList } from '../../../contract/catalogue';
import { PRODUCT_CSV_COLUMNS, type ProductImportPreview } from '../../../contract/product-csv';
import { csvRecords, fromCsvCell, toCsv } from '../../lib/csv';
import { body, type Person, useShop } from '../../test/harness';
import { insertCategory, mediaUrl, storeMedia } from './test-fixtures';

const t = useShop({ people: true });

type Row = Record<(typeof PRODUCT_CSV_COLUMNS)[number], string>;

let groceries: { id: string; name: string };

beforeEach(async () => {
  await storeMedia(t.config, mediaUrl(2));
  groceries = await insertCategory(t.db, 'Groceries');
});

const create = (person: Person, fields: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: person.headers,
    payload: { name: 'Sylhet Tea', originalPrice: 250, remainingProducts: 7, category: groceries.id, productImages: [mediaUrl(2)], ...fields },
  });
const update = (person: Person, id: string, payload: object) => t.app.inject({ method: 'PUT', url: `/api/products/${id}`, headers: person.headers, payload });

async function created(fields: Record<string, unknown>, person: Person = t.seller): Promise<Product> {
  const res = await create(person, fields);
  expect(res.statusCode, res.body).toBe(201);
  return body<Product>(res).data;
}

const taken = (sku: string, path: string) => ({
  statusCode: 409,
  message: `The SKU ${sku} is already used by another product`,
  errors: [{ path, message: `The SKU ${sku} is already used by another product`, code: 'skuTaken' }],
});
const answerOf = (res: Awaited<ReturnType<typeof create>>) => ({ statusCode: res.statusCode, message: body(res).message, errors: body(res).errors });

describe('the SKU of a product without variants', () => {
  it('is stored trimmed and answered by the product page, the listing and the back office; null when there is none', async () => {
    const tea = await created({ sku: '  TEA-500G ' });
    expect(tea.sku).toBe('TEA-500G');
    expect(body<Product>(await t.app.inject({ url: `/api/products/${tea._id}` })).data.sku).toBe('TEA-500G');
    expect(body<ProductList>(await t.app.inject({ url: '/api/products' })).data.data.map((p) => p.sku)).toEqual(['TEA-500G']);
    const managed = await t.app.inject({ url: '/api/products/manage', headers: t.seller.headers });
    expect(body<ProductList>(managed).data.data.map((p) => p.sku)).toEqual(['TEA-500G']);
    expect((await created({ name: 'Honey' })).sku).toBeNull();
  });

  it('changes with the product, keeps its own SKU in another case, and is cleared by an empty text', async () => {
    const tea = await created({ sku: 'TEA-500G' });
    const renamed = await update(t.seller, tea._id, { sku: 'TEA-1KG' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(body<Product>(renamed).data.sku).toBe('TEA-1KG');
    const recased = await update(t.seller, tea._id, { sku: 'tea-1kg' });
    expect(recased.statusCode, recased.body).toBe(200);
    expect(body<Product>(recased).data.sku).toBe('tea-1kg');
    // A change that does not name it keeps it.
    expect(body<Product>(await update(t.seller, tea._id, { productName: 'Sylhet Tea 1 kg' })).data.sku).toBe('tea-1kg');
    const cleared = await update(t.seller, tea._id, { sku: '' });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(body<Product>(cleared).data.sku).toBeNull();
  });

  it('is one in the catalogue with the variants’ SKUs, whatever its case (409 naming the field that gives it)', async () => {
    const rice = await created({ name: 'Najirshail Rice', variants: [{ sku: 'RICE-1KG', size: '1 kg', originalPrice: 200 }] });
    const tea = await created({ sku: 'TEA-500G' });
    // A product's SKU another product's variant has, and the other way round.
    // The message names the SKU as the shop has it.
    expect(answerOf(await create(t.seller, { name: 'Other rice', sku: 'rice-1kg' }))).toEqual(taken('RICE-1KG', 'sku'));
    expect(
      answerOf(
        await create(t.seller, {
          name: 'Tea box',
          variants: [
            { sku: 'X-1', size: 'S', originalPrice: 5 },
            { sku: 'Tea-500g', size: 'M', originalPrice: 5 },
          ],
        }),
      ),
    ).toEqual(taken('TEA-500G', 'variants.1.sku'));
    expect(answerOf(await update(t.admin, tea._id, { sku: 'RICE-1KG' }))).toEqual(taken('RICE-1KG', 'sku'));
    expect(
      answerOf(await update(t.seller, rice._id, { variants: [{ _id: rice.variants[0]!._id, sku: 'TEA-500G', size: '1 kg', originalPrice: 200 }] })),
    ).toEqual(taken('TEA-500G', 'variants.0.sku'));
    // Two products without variants.
    expect(answerOf(await create(t.admin, { name: 'Green tea', sku: 'TEA-500G' }))).toEqual(taken('TEA-500G', 'sku'));
    expect(body<Product>(await t.app.inject({ url: `/api/products/${tea._id}` })).data.sku).toBe('TEA-500G');
  });

  it('answers two products created at once with one SKU with one 201 and one 409, never a 500', async () => {
    const answers = await Promise.all([
      create(t.seller, { name: 'First', sku: 'SAME-1' }),
      create(t.admin, { name: 'Second', sku: 'same-1' }),
      create(t.seller, { name: 'Third', variants: [{ sku: 'SAME-1', size: 'M', originalPrice: 10 }] }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409, 409]);
    const listed = body<ProductList>(await t.app.inject({ url: '/api/products' })).data.data;
    expect(listed).toHaveLength(1);
  });

  it('is not the SKU of a product with variants: given with them it is a 400 on sku, and variants clear the one it had', async () => {
    const withBoth = await create(t.seller, { sku: 'TEA', variants: [{ sku: 'TEA-S', size: 'S', originalPrice: 10 }] });
    expect(withBoth.statusCode).toBe(400);
    expect(body(withBoth).message).toBe('A product with variants has no SKU of its own: give each variant its SKU');
    expect(body(withBoth).errors).toEqual([
      { path: 'sku', message: 'A product with variants has no SKU of its own: give each variant its SKU', code: 'productSkuWithVariants' },
    ]);

    const tea = await created({ sku: 'TEA' });
    // Sold in sizes now: the product's SKU goes, and one of its variants may take it.
    const sized = await update(t.seller, tea._id, { variants: [{ sku: 'TEA', size: 'S', originalPrice: 10 }] });
    expect(sized.statusCode, sized.body).toBe(200);
    expect(body<Product>(sized).data).toMatchObject({ sku: null, variants: [expect.objectContaining({ sku: 'TEA', size: 'S' })] });
    const given = await update(t.seller, tea._id, { sku: 'TEA-BOX' });
    expect(given.statusCode).toBe(400);
    expect(body(given).message).toBe('A product with variants has no SKU of its own: give each variant its SKU');
    // Back to one form, the variant's SKU becomes the product's.
    const single = await update(t.seller, tea._id, { variants: [], sku: 'TEA' });
    expect(single.statusCode, single.body).toBe(200);
    expect(body<Product>(single).data).toMatchObject({ sku: 'TEA', variants: [] });
  });

  it('refuses hostile values with a 400 and a message, never a 500', async () => {
    const characters = 'SKU may hold letters, digits and . _ - / only';
    const cases: [unknown, string | null][] = [
      ['<b>', characters],
      ['TEA 500', characters],
      ['-TEA', characters],
      ["TEA'; drop table products; --", characters],
      ['A'.repeat(61), 'SKU must be at most 60 characters'],
      ['TEA\u0000', null],
      ['TEA\u202e', null],
      [{ $gt: '' }, null],
      [['A', 'B'], null],
      [42, null],
    ];
    const tea = await created({ sku: 'TEA' });
    for (const [sku, message] of cases) {
      for (const res of [await create(t.seller, { sku }), await update(t.seller, tea._id, { sku })]) {
        expect(res.statusCode, JSON.stringify(sku)).toBe(400);
        if (message) expect(body(res).errors, JSON.stringify(sku)).toEqual([expect.objectContaining({ path: 'sku', message })]);
      }
    }
    expect(body<Product>(await t.app.inject({ url: `/api/products/${tea._id}` })).data.sku).toBe('TEA');
    // Letters of any script are letters.
    expect((await created({ name: 'চা', sku: 'চা-৫০০' })).sku).toBe('চা-৫০০');
  });
});

/* ---------- the products file ---------- */

function rowsOf(csv: string): Row[] {
  const [header, ...records] = [...csvRecords(csv)];
  return records.map((record) => Object.fromEntries(header!.cells.map((name, i) => [name, fromCsvCell(record.cells[i]!)])) as Row);
}
const csvOf = (rows: Partial<Row>[]) => toCsv([[...PRODUCT_CSV_COLUMNS], ...rows.map((row) => PRODUCT_CSV_COLUMNS.map((column) => row[column] ?? ''))]);
const exported = async (person: Person) => (await t.app.inject({ url: '/api/products/export', headers: person.headers })).body;
const send = (person: Person, url: string, file: string) =>
  t.app.inject({ method: 'POST', url, payload: file, headers: { ...person.headers, 'content-type': 'text/csv' } });
async function preview(person: Person, file: string): Promise<ProductImportPreview> {
  const res = await send(person, '/api/products/import/preview', file);
  expect(res.statusCode, res.body).toBe(200);
  return body<ProductImportPreview>(res).data;
}
async function apply(person: Person, file: string): Promise<void> {
  const res = await send(person, `/api/products/import/apply?preview=${(await preview(person, file)).preview}`, file);
  expect(res.statusCode, res.body).toBe(200);
}

describe('the SKU of a product without variants in the products file', () => {
  it('is exported in the sku column, and a file imported as exported changes nothing', async () => {
    const tea = await created({ sku: 'TEA-500G' });
    await created({ name: 'Honey' });
    const rice = await created({ name: 'Najirshail Rice', variants: [{ sku: 'RICE-1KG', size: '1 kg', originalPrice: 200 }] });
    const file = await exported(t.seller);
    const byName = Object.fromEntries(rowsOf(file).map((row) => [row.productName, [row.variantId === '', row.sku, row.size]]));
    expect(byName).toEqual({ 'Sylhet Tea': [true, 'TEA-500G', ''], Honey: [true, '', ''], 'Najirshail Rice': [false, 'RICE-1KG', '1 kg'] });
    expect(await preview(t.seller, file)).toMatchObject({ created: 0, changed: 0, unchanged: 3, refused: 0 });
    expect(body<Product>(await t.app.inject({ url: `/api/products/${tea._id}` })).data.sku).toBe('TEA-500G');
    expect(body<Product>(await t.app.inject({ url: `/api/products/${rice._id}` })).data.sku).toBeNull();
  });

  it('is created, changed and cleared by an import, the change previewed first', async () => {
    const tea = await created({ sku: 'TEA-500G' });
    const honey = await created({ name: 'Honey' });
    const rows = rowsOf(await exported(t.seller));
    const teaRow = rows.find((row) => row.productId === tea._id)!;
    const honeyRow = rows.find((row) => row.productId === honey._id)!;
    teaRow.sku = '';
    honeyRow.sku = 'HONEY-1';
    const file = csvOf([teaRow, honeyRow, { productName: 'Ghee', category: 'Groceries', productImages: mediaUrl(2), sku: 'GHEE-1', originalPrice: '900' }]);
    const seen = await preview(t.seller, file);
    expect(seen.rows.map((row) => [row.productName, row.outcome, row.changes])).toEqual([
      ['Sylhet Tea', 'change', [{ field: 'sku', before: 'TEA-500G', after: '' }]],
      ['Honey', 'change', [{ field: 'sku', before: '', after: 'HONEY-1' }]],
      ['Ghee', 'create', []],
    ]);
    await apply(t.seller, file);
    const listed = body<ProductList>(await t.app.inject({ url: '/api/products' })).data.data;
    expect(Object.fromEntries(listed.map((p) => [p.productName, [p.sku, p.variants.length]]))).toEqual({
      'Sylhet Tea': [null, 0],
      Honey: ['HONEY-1', 0],
      Ghee: ['GHEE-1', 0],
    });
    // The SKU the tea gave up is free again.
    expect((await created({ name: 'Green tea', sku: 'tea-500g' })).sku).toBe('tea-500g');
  });

  it('refuses, line by line with the reason, an SKU another product or variant uses and one the file gives twice', async () => {
    await created({ name: 'Najirshail Rice', variants: [{ sku: 'RICE-1KG', size: '1 kg', originalPrice: 200 }] });
    await created({ sku: 'TEA-500G' });
    const valid = { category: 'Groceries', productImages: mediaUrl(2), originalPrice: '100' };
    const file = csvOf([
      { ...valid, productName: 'Rice bag', sku: 'rice-1kg' },
      { ...valid, productName: 'Tea tin', sku: 'TEA-500G', size: 'S' },
      { ...valid, productName: 'Ghee', sku: 'GHEE-1' },
      { ...valid, productName: 'Ghee jar', sku: 'ghee-1', size: 'L' },
      { ...valid, productName: 'Salt', sku: 'SALT 1' },
      { ...valid, productName: 'Sugar', sku: 'SUGAR-1' },
    ]);
    const seen = await preview(t.seller, file);
    expect(seen.rows.map((row) => [row.lines[0], row.outcome, row.productName, row.reason?.message ?? null])).toEqual([
      [2, 'refuse', 'Rice bag', 'The SKU rice-1kg is already used by another product'],
      [3, 'refuse', 'Tea tin', 'The SKU TEA-500G is already used by another product'],
      [4, 'create', 'Ghee', null],
      [5, 'refuse', 'Ghee jar', 'The SKU ghee-1 is also on line 4'],
      [6, 'refuse', 'Salt', 'SKU may hold letters, digits and . _ - / only'],
      [7, 'create', 'Sugar', null],
    ]);
    await apply(t.seller, file);
    const skus = body<ProductList>(await t.app.inject({ url: '/api/products?limit=0' })).data.data.flatMap((p) => [p.sku, ...p.variants.map((v) => v.sku)]);
    expect(skus.filter(Boolean).sort()).toEqual(['GHEE-1', 'RICE-1KG', 'SUGAR-1', 'TEA-500G']);
  });
});
