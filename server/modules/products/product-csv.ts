import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { and, asc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { apiMessage, type ApiMessage } from '../../../contract/api-messages';
import { productCreateSchema, type ProductCreateInput } from '../../../contract/catalogue';
import {
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_MAX_BYTES,
  PRODUCT_CSV_MAX_ROWS,
  type ProductCsvColumn,
  type ProductImportPreview,
  type ProductImportResult,
  type ProductImportRow,
} from '../../../contract/product-csv';
import { variantLabel } from '../../../contract/variants';
import type { Db, Tx } from '../../db/client';
import { newId } from '../../db/ids';
import { categories, products, productVariants, subCategories, subSubCategories } from '../../db/schema';
import { badRequest, conflict, HttpError } from '../../http/errors';
import type { AuthUser } from '../../http/auth';
import { CsvError, csvLine, fromCsvCell, readCsv, BYTE_ORDER_MARK } from '../../lib/csv';
import type { MediaStore } from '../media/store';
import { indexProducts } from '../search/product-keys';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../db/pg-errors';
import { fieldsFromVariants, priced, productColumns, selectProducts, toProduct } from './service';
import { lockSkus, skuOwners, type SkuOwner } from './skus';

/*
 * The products file (contract/product-csv.ts): one row per variant, a product without variants one row, the product's
 * columns repeated on each of its rows. Lists are one item a line in their cell (details, images) or comma-separated
 * (search tags); the category, sub-category and sub-sub-category by name.
 *
 * An import changes the products the file names by productId to exactly what the file says (their variants too: one
 * missing from the file is removed) and creates the rest: consecutive rows without a productId and with the same
 * productName are one new product. Products the file does not name are left alone. A preview writes nothing; applying
 * writes every created and changed product in one transaction and leaves the refused ones out, as the preview said.
 */

type Cells = Record<ProductCsvColumn, string>;
/** A row of the file by column; `line` is its row as a spreadsheet numbers it (the header is 1). */
type CsvRow = { line: number; cells: Cells; cellCount: number };
type ExistingProduct = ReturnType<typeof toProduct> & { ownerId: string | null; categoryId: string };

/** Rows read per turn of the event loop, and products checked per turn: a 10,000-row file never holds the server up. */
const ROWS_PER_TURN = 500;
const PRODUCTS_PER_TURN = 200;
/** Products read or written per statement. */
const BATCH = 500;

const PRODUCT_COLUMNS = PRODUCT_CSV_COLUMNS.slice(0, PRODUCT_CSV_COLUMNS.indexOf('variantId'));
/** The columns only a variant's row fills (a product without variants has its own SKU, price and stock). */
const VARIANT_OPTION_COLUMNS = ['variantId', 'size', 'color'] as const;
const VARIANT_FIELDS = ['sku', 'size', 'color', 'originalPrice', 'discount', 'remainingProducts'] as const;

/* ---------- export ---------- */

const lines = (items: readonly string[]) => items.join('\n');
const tagList = (tags: readonly string[]) => tags.join(', ');

/**
 * The products the actor manages (a seller: their own; an admin: every one) as CSV, a page of products at a time in
 * the order of their ids: the file starts at once, and memory stays flat however many there are.
 */
export async function* productCsv(db: Db, actor: AuthUser): AsyncGenerator<string> {
  const [subs, subSubs] = await Promise.all([
    db.select({ id: subCategories.id, name: subCategories.name }).from(subCategories),
    db.select({ id: subSubCategories.id, name: subSubCategories.name }).from(subSubCategories),
  ]);
  const subName = new Map(subs.map((row) => [row.id, row.name]));
  const subSubName = new Map(subSubs.map((row) => [row.id, row.name]));
  yield BYTE_ORDER_MARK + csvLine(PRODUCT_CSV_COLUMNS);
  let after = '';
  for (;;) {
    const owned = actor.role === 'admin' ? undefined : eq(products.ownerId, actor.id);
    const rows = await selectProducts(db)
      .where(and(owned, gt(products.id, after)))
      .orderBy(asc(products.id))
      .limit(BATCH);
    if (rows.length === 0) return;
    let text = '';
    for (const row of rows) {
      const p = row.product;
      const productCells = [
        p.id,
        p.name,
        p.nameBn ?? '',
        p.description,
        p.descriptionBn ?? '',
        lines(p.details),
        lines(p.detailsBn),
        p.unit,
        p.unitBn ?? '',
        tagList(p.tags),
        row.categoryName,
        p.subCategoryId ? (subName.get(p.subCategoryId) ?? p.subCategoryId) : '',
        p.subSubCategoryId ? (subSubName.get(p.subSubCategoryId) ?? p.subSubCategoryId) : '',
        lines(p.images),
      ];
      if (row.variants.length === 0) text += csvLine([...productCells, '', p.sku ?? '', '', '', Number(p.originalPrice), p.discount, p.remaining]);
      for (const v of row.variants) {
        text += csvLine([...productCells, v.id, v.sku, v.size ?? '', v.color ?? '', Number(v.originalPrice), v.discount, v.remaining]);
      }
    }
    yield text;
    after = rows.at(-1)!.product.id;
  }
}

/* ---------- reading the file ---------- */

/**
 * The uploaded bytes as text: refused (400) when they are not text (a NUL byte: a spreadsheet's own format, a
 * picture), or not UTF-8 (a UTF-16 export, a file saved in a legacy code page).
 */
export function csvText(bytes: Buffer): string {
  if (bytes.length > PRODUCT_CSV_MAX_BYTES) throw badRequest(apiMessage('csvTooLarge', PRODUCT_CSV_MAX_BYTES / 1024 / 1024));
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) throw badRequest(apiMessage('csvNotUtf8'));
  if (bytes.includes(0)) throw badRequest(apiMessage('csvNotText'));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw badRequest(apiMessage('csvNotUtf8'));
  }
}

const CSV_PROBLEMS = { quoteNotClosed: 'csvQuoteNotClosed', textAfterQuote: 'csvTextAfterQuote', strayQuote: 'csvStrayQuote' } as const;

/** The file's rows by column name; a file without the columns, or with others, is refused whole. */
async function csvRows(text: string): Promise<CsvRow[]> {
  let records;
  try {
    records = await readCsv(text, { maxRecords: PRODUCT_CSV_MAX_ROWS + 1, perTurn: ROWS_PER_TURN });
  } catch (err) {
    if (!(err instanceof CsvError)) throw err;
    if (err.problem === 'tooManyRecords') throw badRequest(apiMessage('csvTooManyRows', PRODUCT_CSV_MAX_ROWS));
    throw badRequest(apiMessage(CSV_PROBLEMS[err.problem], err.line));
  }
  const [header, ...records_] = records;
  if (!header) throw badRequest(apiMessage('csvNoHeader'));
  const names = header.cells.map((cell) => fromCsvCell(cell).trim());
  const missing = PRODUCT_CSV_COLUMNS.filter((column) => !names.includes(column));
  if (missing.length > 0) throw badRequest(apiMessage('csvMissingColumns', missing.join(', ')));
  const unknown = names.filter((name) => !(PRODUCT_CSV_COLUMNS as readonly string[]).includes(name));
  if (unknown.length > 0)
    throw badRequest(
      apiMessage(
        'csvUnknownColumns',
        unknown
          .map((name) => name.slice(0, 40))
          .join(', ')
          .slice(0, 200),
      ),
    );
  const at = Object.fromEntries(PRODUCT_CSV_COLUMNS.map((column) => [column, names.indexOf(column)])) as Record<ProductCsvColumn, number>;
  return records_.map((record) => ({
    line: record.row,
    cellCount: record.cells.length,
    cells: Object.fromEntries(PRODUCT_CSV_COLUMNS.map((column) => [column, fromCsvCell(record.cells[at[column]] ?? '')])) as Cells,
  }));
}

/** The file's products: rows with one productId are one product; consecutive new rows with one name are another. */
function productGroups(rows: readonly CsvRow[]): CsvRow[][] {
  const groups: CsvRow[][] = [];
  const byId = new Map<string, CsvRow[]>();
  let previousNew: CsvRow[] | null = null;
  for (const row of rows) {
    const id = row.cells.productId.trim();
    if (id) {
      const group = byId.get(id);
      if (group) group.push(row);
      else {
        const started = [row];
        byId.set(id, started);
        groups.push(started);
      }
      previousNew = null;
    } else if (previousNew && previousNew[0]!.cells.productName.trim() === row.cells.productName.trim()) {
      previousNew.push(row);
    } else {
      previousNew = [row];
      groups.push(previousNew);
    }
  }
  return groups;
}

/* ---------- planning ---------- */

type Lookups = {
  categories: { id: string; name: string }[];
  subCategories: { id: string; name: string; categoryId: string }[];
  subSubCategories: { id: string; name: string; subCategoryId: string }[];
  existing: Map<string, ExistingProduct>;
  /** Each SKU of the file already in the shop (lower case), with the product using it (as its own or a variant's). */
  skuOwners: Map<string, SkuOwner>;
  stored: (url: string) => Promise<boolean>;
};

type Write = { id: string; input: ProductCreateInput; categoryId: string; subCategoryId: string | null; subSubCategoryId: string | null };
type Planned = { row: ProductImportRow; write: Write | null; current: ExistingProduct | null };

class Refusal extends Error {
  constructor(readonly reason: ApiMessage | { message: string }) {
    super(reason.message);
  }
}
const refuse = (reason: ApiMessage | { message: string }): never => {
  throw new Refusal(reason);
};

const named = <T extends { id: string; name: string }>(rows: readonly T[], ref: string): T | undefined => {
  const wanted = ref.trim().toLowerCase();
  return rows.find((row) => row.id === ref.trim()) ?? rows.find((row) => row.name.toLowerCase() === wanted);
};

const splitLines = (cell: string) =>
  cell
    .split(/\r?\n/)
    .map((item) => item.trim())
    .filter(Boolean);

/** The product a group of rows describes, checked as the product form is, and where it goes. */
async function readProduct(group: readonly CsvRow[], lookups: Lookups, current: ExistingProduct | null): Promise<Omit<Write, 'id'>> {
  const [first] = group as [CsvRow];
  for (const row of group) {
    for (const column of PRODUCT_COLUMNS) {
      const value = row.cells[column];
      if (value !== '' && value !== first.cells[column]) refuse(apiMessage('importColumnsDiffer', column, row.line));
    }
  }
  const cells = first.cells;
  const category = named(lookups.categories, cells.category) ?? refuse(apiMessage('importUnknownCategory', cells.category.slice(0, 120)));
  const sub = cells.subCategory.trim()
    ? (named(
        lookups.subCategories.filter((row) => row.categoryId === category.id),
        cells.subCategory,
      ) ?? refuse(apiMessage('importUnknownSubCategory', cells.subCategory.slice(0, 120))))
    : null;
  const subSub = cells.subSubCategory.trim()
    ? (named(
        lookups.subSubCategories.filter((row) => row.subCategoryId === sub?.id),
        cells.subSubCategory,
      ) ?? refuse(apiMessage('importUnknownSubSubCategory', cells.subSubCategory.slice(0, 120))))
    : null;
  const hasVariants = group.length > 1 || VARIANT_OPTION_COLUMNS.some((column) => first.cells[column].trim() !== '');
  const variantIds = new Set(current?.variants.map((variant) => variant._id));
  const variants = hasVariants
    ? group.map((row) => {
        const id = row.cells.variantId.trim();
        if (id && !variantIds.has(id)) refuse(apiMessage('importVariantNotOfProduct', id.slice(0, 64)));
        return {
          ...(id && { _id: id }),
          sku: row.cells.sku,
          size: row.cells.size,
          color: row.cells.color,
          originalPrice: row.cells.originalPrice,
          discount: row.cells.discount,
          remainingProducts: row.cells.remainingProducts,
        };
      })
    : [];
  const parsed = productCreateSchema.safeParse({
    name: cells.productName,
    productNameBn: cells.productNameBn,
    description: cells.productDescription,
    productDescriptionBn: cells.productDescriptionBn,
    productDetails: cells.productDetails,
    productDetailsBn: cells.productDetailsBn,
    quantity: cells.quantity,
    quantityBn: cells.quantityBn,
    searchTags: cells.searchTags,
    category: category.id,
    productImages: splitLines(cells.productImages),
    originalPrice: cells.originalPrice,
    discount: cells.discount,
    remainingProducts: cells.remainingProducts,
    ...(!hasVariants && { sku: cells.sku }),
    variants,
  });
  if (!parsed.success) refuse({ message: parsed.error.issues[0]!.message });
  const input = parsed.data!;
  if (input.productImages.length === 0) refuse(apiMessage('productImageRequired'));
  for (const image of input.productImages) {
    if (!current?.productImages.includes(image) && !(await lookups.stored(image))) refuse(apiMessage('imageNotStored', 'productImages'));
  }
  return { input, categoryId: category.id, subCategoryId: sub?.id ?? null, subSubCategoryId: subSub?.id ?? null };
}

/** Each field the import would change, before and after, as the file writes it. */
function changesOf(current: ExistingProduct, next: Omit<Write, 'id'>, lookups: Lookups): ProductImportRow['changes'] {
  const { input } = next;
  const changes: ProductImportRow['changes'] = [];
  const compare = (field: string, before: string, after: string) => {
    if (before !== after) changes.push({ field, before, after });
  };
  const nameOf = (rows: readonly { id: string; name: string }[], id: string | null) => (id ? (rows.find((row) => row.id === id)?.name ?? id) : '');
  compare('productName', current.productName, input.name);
  compare('productNameBn', current.productNameBn ?? '', input.productNameBn ?? '');
  compare('productDescription', current.productDescription, input.description);
  compare('productDescriptionBn', current.productDescriptionBn ?? '', input.productDescriptionBn ?? '');
  compare('productDetails', lines(current.productDetails), lines(input.productDetails));
  compare('productDetailsBn', lines(current.productDetailsBn), lines(input.productDetailsBn));
  compare('quantity', current.quantity, input.quantity);
  compare('quantityBn', current.quantityBn ?? '', input.quantityBn ?? '');
  compare('searchTags', tagList(current.searchTags), tagList(input.searchTags));
  compare('category', nameOf(lookups.categories, current.categoryId), nameOf(lookups.categories, next.categoryId));
  compare('subCategory', nameOf(lookups.subCategories, current.productSubCategory), nameOf(lookups.subCategories, next.subCategoryId));
  compare('subSubCategory', nameOf(lookups.subSubCategories, current.productSubSubCategory), nameOf(lookups.subSubCategories, next.subSubCategoryId));
  compare('productImages', lines(current.productImages), lines(input.productImages));
  compare('sku', current.sku ?? '', input.sku ?? '');
  if (input.variants.length === 0 && current.variants.length === 0) {
    compare('originalPrice', String(current.productOriginalPrice), String(input.originalPrice));
    compare('discount', String(current.productDiscount), String(input.discount));
    compare('remainingProducts', String(current.remainingProducts), String(input.remainingProducts));
    return changes;
  }
  const text = (value: string | number | undefined) => (value === undefined ? '' : String(value));
  const kept = new Set<string>();
  input.variants.forEach((variant, index) => {
    const before = variant._id === undefined ? undefined : current.variants.find((v) => v._id === variant._id);
    if (!before) {
      compare('variant', '', variantLabel(variant));
      return;
    }
    kept.add(before._id);
    const label = variantLabel(before);
    for (const field of VARIANT_FIELDS) compare(`${field} (${label})`, text(before[field]), text(variant[field]));
    if (current.variants.indexOf(before) !== index) compare(`position (${label})`, String(current.variants.indexOf(before) + 1), String(index + 1));
  });
  for (const removed of current.variants.filter((v) => !kept.has(v._id))) compare('variant', variantLabel(removed), '');
  return changes;
}

/** Reads what the file's products need checking against, in a few statements however long the file. */
async function lookupsFor(db: Db | Tx, groups: readonly CsvRow[][], media: Pick<MediaStore, 'isStored'>, lock: boolean): Promise<Lookups> {
  const ids = [...new Set(groups.map((group) => group[0]!.cells.productId.trim()).filter(Boolean))].filter((id) => id.length <= 64);
  const skus = groups.flatMap((group) => group.map((row) => row.cells.sku.trim())).filter(Boolean);
  const existing = new Map<string, ExistingProduct>();
  for (let i = 0; i < ids.length; i += BATCH) {
    const query = selectProducts(db).where(inArray(products.id, ids.slice(i, i + BATCH)));
    for (const row of await (lock ? query.for('update', { of: products }) : query)) {
      existing.set(row.product.id, { ...toProduct(row), ownerId: row.product.ownerId, categoryId: row.product.categoryId });
    }
  }
  const owners = await skuOwners(db, skus);
  const [categoryRows, subRows, subSubRows] = await Promise.all([
    db.select({ id: categories.id, name: categories.name }).from(categories),
    db.select({ id: subCategories.id, name: subCategories.name, categoryId: subCategories.categoryId }).from(subCategories),
    db.select({ id: subSubCategories.id, name: subSubCategories.name, subCategoryId: subSubCategories.subCategoryId }).from(subSubCategories),
  ]);
  const storedImages = new Map<string, Promise<boolean>>();
  const stored = (url: string) => {
    let known = storedImages.get(url);
    if (!known) storedImages.set(url, (known = media.isStored(url)));
    return known;
  };
  return { categories: categoryRows, subCategories: subRows, subSubCategories: subSubRows, existing, skuOwners: owners, stored };
}

type Plan = { preview: ProductImportPreview; planned: Planned[] };

/** What importing the file would do, product by product, and the token that names it. */
async function plan(db: Db | Tx, actor: AuthUser, text: string, media: Pick<MediaStore, 'isStored'>, lock = false): Promise<Plan> {
  const groups = productGroups(await csvRows(text));
  const lookups = await lookupsFor(db, groups, media, lock);
  const skuLines = new Map<string, number>();
  const planned: Planned[] = [];
  let unchanged = 0;
  for (const [index, group] of groups.entries()) {
    if (index % PRODUCTS_PER_TURN === PRODUCTS_PER_TURN - 1) await nextTurn();
    const lineNumbers = group.map((row) => row.line);
    const productId = group[0]!.cells.productId.trim() || null;
    const productName = group[0]!.cells.productName.trim().slice(0, 200);
    const base = { lines: lineNumbers, productId, productName, changes: [], reason: null };
    try {
      for (const row of group)
        if (row.cellCount !== PRODUCT_CSV_COLUMNS.length) refuse(apiMessage('importCellCount', row.cellCount, PRODUCT_CSV_COLUMNS.length));
      const current = productId ? (lookups.existing.get(productId) ?? refuse(apiMessage('importUnknownProduct', productId.slice(0, 64)))) : null;
      if (current && actor.role !== 'admin' && current.ownerId !== actor.id) refuse(apiMessage('ownProductsOnly'));
      const next = await readProduct(group, lookups, current);
      const skus = next.input.sku
        ? [{ sku: next.input.sku, line: group[0]!.line }]
        : next.input.variants.map((variant, at) => ({ sku: variant.sku, line: group[at]!.line }));
      for (const { sku: given, line } of skus) {
        const sku = given.toLowerCase();
        const owner = lookups.skuOwners.get(sku);
        if (owner !== undefined && owner.productId !== productId) refuse(apiMessage('skuTaken', given));
        const seenOn = skuLines.get(sku);
        if (seenOn !== undefined) refuse(apiMessage('importSkuTwice', given, seenOn));
        skuLines.set(sku, line);
      }
      if (!current) {
        planned.push({ row: { ...base, outcome: 'create' }, write: { id: newId(), ...next }, current: null });
        continue;
      }
      const changes = changesOf(current, next, lookups);
      if (changes.length === 0) unchanged++;
      else planned.push({ row: { ...base, outcome: 'change', changes }, write: { id: current._id, ...next }, current });
    } catch (err) {
      if (!(err instanceof Refusal)) throw err;
      planned.push({ row: { ...base, outcome: 'refuse', reason: err.reason }, write: null, current: null });
      // Its SKUs stay claimed for the line they are on: another product giving them is still a duplicate.
      for (const row of group) {
        const sku = row.cells.sku.trim().toLowerCase();
        if (sku && !skuLines.has(sku)) skuLines.set(sku, row.line);
      }
    }
  }
  const rows = planned.map((p) => p.row);
  const count = (outcome: ProductImportRow['outcome']) => rows.filter((row) => row.outcome === outcome).length;
  // The token covers the file and every product it would change as it is now: applying refuses when either moved on.
  const token = createHash('sha256')
    .update(text)
    .update(
      JSON.stringify({
        actor: actor.id,
        unchanged,
        rows: rows.map(({ outcome, lines: l, productId: id, changes, reason }) => [outcome, l, id, changes, reason]),
      }),
    )
    .digest('hex');
  return { preview: { preview: token, created: count('create'), changed: count('change'), unchanged, refused: count('refuse'), rows }, planned };
}

/** `POST /products/import/preview`: what the file would create, change and refuse, and why; nothing is written. */
export async function previewProductImport(db: Db, media: Pick<MediaStore, 'isStored'>, actor: AuthUser, text: string): Promise<ProductImportPreview> {
  return (await plan(db, actor, text, media)).preview;
}

/* ---------- applying ---------- */

function productValues(write: Write) {
  const { input } = write;
  return {
    ...productColumns(input),
    categoryId: write.categoryId,
    subCategoryId: write.subCategoryId,
    subSubCategoryId: write.subSubCategoryId,
    ...(input.variants.length > 0 && fieldsFromVariants(priced(input.variants))),
    searchKeysVersion: 0,
  };
}

function variantValues(productId: string, input: ProductCreateInput) {
  return priced(input.variants).map((variant, position) => ({
    id: variant._id ?? newId(),
    productId,
    position,
    sku: variant.sku,
    size: variant.size ?? null,
    color: variant.color ?? null,
    originalPrice: variant.originalPrice,
    discount: variant.discount,
    price: variant.price,
    remaining: variant.remainingProducts,
  }));
}

/** A list column's value passed as JSON text, so a batch's rows need no array parameters. */
const listText = (items: readonly string[] | undefined) => (items === undefined ? null : JSON.stringify(items));
const listOf = (column: SQL) => sql`array(select json_array_elements_text(${column}::json))`;

/**
 * The changed products' own columns, a batch per statement (`update … from (values …)`). A product's sizes and colours
 * follow from its variants when it has them and are kept otherwise.
 */
async function updateProducts(tx: Tx, writes: readonly Write[]): Promise<void> {
  for (let i = 0; i < writes.length; i += BATCH) {
    const rows = writes.slice(i, i + BATCH).map((w) => {
      const v = productValues(w);
      const derived = w.input.variants.length > 0 ? fieldsFromVariants(priced(w.input.variants)) : null;
      return sql`(${w.id}::text, ${v.name}::text, ${v.description}::text, ${v.nameBn}::text, ${v.descriptionBn}::text, ${listText(v.detailsBn)}::text,
        ${v.unitBn}::text, ${v.unit}::text, ${listText(v.details)}::text, ${listText(v.tags)}::text, ${listText(v.images)}::text, ${v.categoryId}::text,
        ${v.subCategoryId}::text, ${v.subSubCategoryId}::text, ${v.originalPrice}::numeric, ${v.discount}::int, ${v.price}::numeric, ${v.remaining}::int,
        ${listText(derived?.sizes)}::text, ${listText(derived?.colors)}::text, ${v.sku}::text)`;
    });
    await tx.execute(sql`update products set name = v.name, description = v.description, name_bn = v.name_bn, description_bn = v.description_bn,
      details_bn = ${listOf(sql`v.details_bn`)}, unit_bn = v.unit_bn, unit = v.unit, details = ${listOf(sql`v.details`)}, tags = ${listOf(sql`v.tags`)},
      images = ${listOf(sql`v.images`)}, category_id = v.category_id, sub_category_id = v.sub_category_id, sub_sub_category_id = v.sub_sub_category_id,
      original_price = v.original_price, discount = v.discount, price = v.price, remaining = v.remaining,
      sizes = case when v.sizes is null then products.sizes else ${listOf(sql`v.sizes`)} end,
      colors = case when v.colors is null then products.colors else ${listOf(sql`v.colors`)} end,
      sku = v.sku, search_keys_version = 0, updated_at = now()
      from (values ${sql.join(rows, sql`, `)}) as v(id, name, description, name_bn, description_bn, details_bn, unit_bn, unit, details, tags, images,
        category_id, sub_category_id, sub_sub_category_id, original_price, discount, price, remaining, sizes, colors, sku)
      where products.id = v.id`);
  }
}

/**
 * Writes the created and changed products of the file, a batch per statement. A changed product's variants become
 * exactly the file's: kept ones (by variantId) are written in place (their orders and the carts holding them keep naming
 * them), the others are removed, new ones added; the kept rows first step aside so SKUs and positions may swap without
 * tripping the unique indexes mid-way.
 */
async function write(tx: Tx, actor: AuthUser, planned: readonly Planned[]): Promise<void> {
  const creates = planned.filter((p) => p.row.outcome === 'create').map((p) => p.write!);
  for (let i = 0; i < creates.length; i += BATCH) {
    const batch = creates.slice(i, i + BATCH);
    await tx.insert(products).values(batch.map((w) => ({ id: w.id, ownerId: actor.id, ...productValues(w) })));
    const variants = batch.flatMap((w) => variantValues(w.id, w.input));
    if (variants.length > 0) await tx.insert(productVariants).values(variants);
  }
  const changes = planned.filter((p) => p.row.outcome === 'change');
  await updateProducts(
    tx,
    changes.map((p) => p.write!),
  );
  const removed: string[] = [];
  const kept: ReturnType<typeof variantValues> = [];
  const added: ReturnType<typeof variantValues> = [];
  for (const { write: w, current } of changes) {
    const currentIds = new Set(current!.variants.map((v) => v._id));
    const next = variantValues(w!.id, w!.input);
    for (const variant of next) (currentIds.has(variant.id) ? kept : added).push(variant);
    const keptIds = new Set(next.map((variant) => variant.id));
    removed.push(...[...currentIds].filter((id) => !keptIds.has(id)));
  }
  for (let i = 0; i < removed.length; i += BATCH) await tx.delete(productVariants).where(inArray(productVariants.id, removed.slice(i, i + BATCH)));
  for (let i = 0; i < kept.length; i += BATCH) {
    const ids = kept.slice(i, i + BATCH).map((variant) => variant.id);
    await tx
      .update(productVariants)
      .set({ position: sql`-1 - ${productVariants.position}`, sku: sql`'~' || ${productVariants.id}` })
      .where(inArray(productVariants.id, ids));
  }
  for (let i = 0; i < kept.length; i += BATCH) {
    const rows = kept
      .slice(i, i + BATCH)
      .map(
        (v) =>
          sql`(${v.id}::text, ${v.position}::int, ${v.sku}::text, ${v.size}::text, ${v.color}::text, ${v.originalPrice}::numeric, ${v.discount}::int, ${v.price}::numeric, ${v.remaining}::int)`,
      );
    await tx.execute(sql`update product_variants set position = v.position, sku = v.sku, size = v.size, color = v.color, original_price = v.original_price,
      discount = v.discount, price = v.price, remaining = v.remaining
      from (values ${sql.join(rows, sql`, `)}) as v(id, position, sku, size, color, original_price, discount, price, remaining)
      where product_variants.id = v.id`);
  }
  for (let i = 0; i < added.length; i += BATCH) await tx.insert(productVariants).values(added.slice(i, i + BATCH));
}

/**
 * `POST /products/import/apply`: the file checked again inside the transaction that writes it, and refused (409) unless
 * it would do exactly what the preview named by `token` showed; then every created and changed product is written in
 * that one transaction, their search keys afterwards, and pictures no product shows any more are released.
 */
export async function applyProductImport(
  db: Db,
  media: Pick<MediaStore, 'isStored' | 'release'>,
  actor: AuthUser,
  text: string,
  token: string,
): Promise<ProductImportResult> {
  let done: Plan | undefined;
  try {
    await db.transaction(async (tx) => {
      // Before the file's products are locked: the SKU lock is always taken first (skus.ts).
      await lockSkus(tx);
      const now = await plan(tx, actor, text, media, true);
      if (now.preview.preview !== token) throw conflict(apiMessage('importPreviewStale'));
      await write(tx, actor, now.planned);
      done = now;
    });
  } catch (err) {
    // A concurrent write that took one of the file's SKUs first: the preview no longer holds.
    if (!(err instanceof HttpError) && pgErrorCode(err) === UNIQUE_VIOLATION) throw conflict(apiMessage('importPreviewStale'));
    throw err;
  }
  const written = done!.planned.filter((p) => p.write !== null);
  await indexProducts(
    db,
    written.map((p) => p.write!.id),
  );
  const released = written.flatMap((p) => (p.current ? p.current.productImages.filter((url) => !p.write!.input.productImages.includes(url)) : []));
  if (released.length > 0) await media.release(released);
  return { created: done!.preview.created, changed: done!.preview.changed };
}
