import { and, asc, count, desc, eq, gt, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { apiMessage } from '../../../contract/api-messages';
import {
  CATEGORY_PREVIEW_PRODUCTS,
  discountedPrice,
  isSalePriceAllowed,
  LIST_ALL_MAX,
  LIST_TOTAL_MAX,
  MAX_PRODUCT_IMAGES,
  SALE_PRICE_TOO_LOW,
  SUGGESTED_CATEGORIES,
  SUGGESTED_PRODUCTS,
  type Suggestions,
  UPLOAD_REF_PATTERN,
  type CategoryWithProducts,
  type ManagedProductsQuery,
  type Product,
  type ProductCreateInput,
  type ProductList,
  type ProductListQuery,
  type ProductUpdateInput,
  optionValues,
  type ProductVariant,
  type Review,
  type VariantInput,
} from '../../../contract/catalogue';
import { pageAnswer } from '../../../contract/pages';
import type { Db, Tx } from '../../db/client';
import { newId } from '../../db/ids';
import { categories, products, productVariants, reviews, subCategories, subSubCategories, users } from '../../db/schema';
import { badRequest, forbidden, HttpError, notFound } from '../../http/errors';
import type { AuthUser } from '../../http/auth';
import type { MediaStore } from '../media/store';
import { categoryIdOf, listCategories } from '../catalogue/service';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../db/pg-errors';
import { lockSkus, skuOwners } from './skus';
import { deleteProducts, hasStaleProducts, indexProducts, indexStaleProducts, textArray } from '../search/product-keys';
import { corrections, meetsKeys, searchPlan, wordTerms, type SearchPlan, type SearchTier, type WordTerms } from '../search/query';
import { queryWords, relevance, searchKeys } from '../../../contract/search';

/** A variant as the product query reads it (json_build_object's keys). */
type VariantJson = {
  id: string;
  sku: string;
  size: string | null;
  color: string | null;
  originalPrice: number;
  discount: number;
  price: number;
  remaining: number;
};
type ProductRow = {
  product: typeof products.$inferSelect;
  categoryName: string;
  categoryNameBn: string | null;
  ownerName: string | null;
  variants: VariantJson[];
};

const PRODUCT_NOT_FOUND = 'Product not found';

/**
 * The product's variants in their order, read with the product in the same query (a lookup by the product's id on
 * product_variants_product_position_key): a list page costs one query however many variants its products have.
 */
const variantsOfProduct = sql<VariantJson[]>`coalesce((select json_agg(json_build_object(
  'id', v.id, 'sku', v.sku, 'size', v.size, 'color', v.color, 'originalPrice', v.original_price,
  'discount', v.discount, 'price', v.price, 'remaining', v.remaining) order by v.position)
  from ${productVariants} v where v.product_id = ${products.id}), '[]'::json)`.mapWith(
  (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as VariantJson[],
);

/** What every product answer needs in one query: the product, its category's name, its owner's name and its variants. */
const productFields = {
  product: products,
  categoryName: categories.name,
  categoryNameBn: categories.nameBn,
  ownerName: users.name,
  variants: variantsOfProduct,
};

function toVariant(v: VariantJson): ProductVariant {
  return {
    _id: v.id,
    sku: v.sku,
    ...(v.size !== null && { size: v.size }),
    ...(v.color !== null && { color: v.color }),
    originalPrice: Number(v.originalPrice),
    discount: v.discount,
    price: Number(v.price),
    remainingProducts: v.remaining,
  };
}

export function selectProducts(db: Db | Tx) {
  return db
    .select(productFields)
    .from(products)
    .innerJoin(categories, eq(products.categoryId, categories.id))
    .leftJoin(users, eq(products.ownerId, users.id))
    .$dynamic();
}

export function toProduct({ product: p, categoryName, categoryNameBn, ownerName, variants }: ProductRow, productReviews: Review[] = []): Product {
  return {
    _id: p.id,
    productName: p.name,
    productDescription: p.description,
    productNameBn: p.nameBn,
    productDescriptionBn: p.descriptionBn,
    productDetailsBn: p.detailsBn,
    quantityBn: p.unitBn,
    productImages: p.images,
    productPrice: p.price,
    productOriginalPrice: p.originalPrice,
    productDiscount: p.discount,
    productRating: p.rating,
    reviewCount: p.reviewCount,
    reviews: productReviews,
    sales: p.sales,
    remainingProducts: p.remaining,
    quantity: p.unit,
    productColors: p.colors,
    productSizes: p.sizes,
    productDetails: p.details,
    searchTags: p.tags,
    faqs: p.faqs,
    video: p.video,
    productCategory: { _id: p.categoryId, categoryName, categoryNameBn },
    productSubCategory: p.subCategoryId,
    productSubSubCategory: p.subSubCategoryId,
    OwnerId: p.ownerId && ownerName !== null ? { _id: p.ownerId, name: ownerName } : null,
    createdAt: p.createdAt.toISOString(),
    variants: variants.map(toVariant),
    status: p.status,
    sku: p.sku,
  };
}

/** Shoppers see published products only; a draft is its owner's and the admins', in the back office. */
export const isPublished = eq(products.status, 'published');

/* ---------- reading ---------- */

/** `%`, `_` and `\\` typed by a seller are literal characters, not patterns. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The category a listing's `category` parameter names (an id, or a name in any case) as a scalar subquery: PostgreSQL
 * runs it once before the scan, so the product indexes that start with the category still apply, with no extra round
 * trip. No such category gives NULL, which matches nothing.
 */
function namedCategory(ref: string): SQL {
  return sql`(select ${categories.id} from ${categories} where ${categories.id} = ${ref} or lower(${categories.name}) = ${ref.toLowerCase()} order by ${categories.id} = ${ref} desc limit 1)`;
}

function listConditions(query: ProductListQuery, search: SearchPlan | null): SQL | undefined {
  const conditions: (SQL | undefined)[] = [isPublished];
  if (query.category) conditions.push(eq(products.categoryId, namedCategory(query.category)));
  if (query.subCategory) conditions.push(eq(products.subCategoryId, query.subCategory));
  if (query.subSubCategory) conditions.push(eq(products.subSubCategoryId, query.subSubCategory));
  if (query.minPrice !== undefined) conditions.push(gte(products.price, query.minPrice));
  if (query.maxPrice !== undefined) conditions.push(lte(products.price, query.maxPrice));
  // Discounts are whole percents: "at least 12.5 %" is "at least 13 %".
  if (query.discount !== undefined) conditions.push(gte(products.discount, Math.ceil(query.discount)));
  if (query.popularProducts === 'offer') conditions.push(gt(products.discount, 0));
  if (search) conditions.push(search.where);
  return and(...conditions);
}

/**
 * Every order ends in the id, so pages never overlap or skip when sort keys tie. A search with no sort asked for is
 * ordered by relevance, then sales; a sort asked for wins.
 */
function listOrder(query: ProductListQuery, search: SearchPlan | null): SQL[] {
  const newest = [desc(products.createdAt), desc(products.id)];
  if (query.sortBy === undefined && search) return [sql`${search.relevance} desc`, desc(products.sales), ...newest];
  const bySort = {
    newest,
    rating: [desc(products.rating), desc(products.reviewCount), ...newest],
    sales: [desc(products.sales), ...newest],
    priceAsc: [asc(products.price), ...newest],
    priceDesc: [desc(products.price), ...newest],
  }[query.sortBy ?? 'newest'];
  return query.popularProducts === 'offer' ? [desc(products.discount), ...bySort] : bySort;
}

/** A search's words with the terms they stand for; products changed behind the service's back are indexed first. */
async function searchWords(db: Db, text: string): Promise<WordTerms[]> {
  if (await hasStaleProducts(db)) await indexStaleProducts(db);
  return wordTerms(db, text);
}

/**
 * A tier's products best first (sales, then the newest). A tier of one or two keys is left to the planner, which walks
 * the best sellers when its statistics say the keys are common and reads the index when they are rare (a key it has
 * not sampled counts as rare). Summed over many keys, a word's typos, that guess would have it walk every product
 * for keys that may meet none, so such a tier is read through the index and sorted.
 */
function tierOrder(tier: SearchTier): SQL[] {
  const sales = tier.keys.length <= 2 ? desc(products.sales) : sql`${products.sales} + 0 desc`;
  return [sales, desc(products.createdAt), desc(products.id)];
}

/**
 * The ids of the first `wanted` products a search of one word finds among those `where` admits, most relevant first:
 * tier by tier (exact word before start before typo, name before tags before category before description), each in
 * sales order, a product counted in the first tier it meets. Only what the page needs is read, so a broad word costs
 * what a narrow one does; `all` says there are no more.
 */
async function rankedIds(db: Db, where: SQL | undefined, tiers: readonly SearchTier[], wanted: number): Promise<{ ids: string[]; all: boolean }> {
  const ids: string[] = [];
  for (const tier of tiers) {
    const rows = await db
      .select({ id: products.id })
      .from(products)
      .where(and(where, meetsKeys(tier.keys), ids.length > 0 ? sql`${products.id} <> all(${textArray(ids)})` : undefined))
      .orderBy(...tierOrder(tier))
      .limit(wanted - ids.length);
    ids.push(...rows.map((row) => row.id));
    if (ids.length >= wanted) return { ids, all: false };
  }
  return { ids, all: true };
}

/** Rows in the order of `ids`, each known by `idOf`. */
function inOrder<T>(rows: readonly T[], ids: readonly string[], idOf: (row: T) => string): T[] {
  const byId = new Map(rows.map((row) => [idOf(row), row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** `GET /products/suggest`: the most relevant products (the best sellers among equals) and the categories a query names. */
export async function suggest(db: Db, text: string): Promise<Suggestions> {
  const words = await searchWords(db, text);
  const search = searchPlan(words);
  const suggested = async () => {
    if (!search) return [];
    const fields = { id: products.id, name: products.name, images: products.images, price: products.price };
    if (!search.tiers) {
      return db
        .select(fields)
        .from(products)
        .where(and(isPublished, search.where))
        .orderBy(sql`${search.relevance} desc`, desc(products.sales), desc(products.id))
        .limit(SUGGESTED_PRODUCTS);
    }
    const { ids } = await rankedIds(db, isPublished, search.tiers, SUGGESTED_PRODUCTS);
    return ids.length === 0 ? [] : inOrder(await db.select(fields).from(products).where(inArray(products.id, ids)), ids, (row) => row.id);
  };
  const [rows, allCategories] = await Promise.all([suggested(), listCategories(db)]);
  const typed = queryWords(text);
  const categoryMatches = allCategories
    .map((category) => {
      const keys = searchKeys(category.categoryName);
      return { category, score: relevance(typed, { name: keys, tags: [], category: [], description: [] }) };
    })
    .filter((match) => match.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, SUGGESTED_CATEGORIES);
  return {
    products: rows.map((row) => ({ _id: row.id, productName: row.name, productImage: row.images[0] ?? null, productPrice: row.price })),
    categories: categoryMatches.map(({ category }) => ({ _id: category._id, categoryName: category.categoryName })),
  };
}

/**
 * `GET /products`: the page query walks an index in the requested order and reads only the rows of the page; the
 * total comes from a count over the same filters, run alongside (a window count would make every request read and
 * sort every match). The work is bounded whatever is asked: `limit=0` ("all") is one page of at most LIST_ALL_MAX,
 * the count stops at LIST_TOTAL_MAX, and pages beyond that depth are answered empty without reading rows.
 */
export async function listProducts(db: Db, query: ProductListQuery): Promise<ProductList> {
  const words = query.search ? await searchWords(db, query.search) : null;
  const list = await listMatching(db, query, words);
  if (!words || list.total > 0 || query.asTyped) return list;
  // A search that matches nothing answers with the closest query that matches, and says so.
  const where = listConditions(query, null);
  const meetEach = async (alone: readonly WordTerms[]) => {
    // Each word on its own, all in one statement: a word meets a product when one of its tiers does.
    const probes = alone.map((word) => {
      const tiers = searchPlan([word])?.tiers ?? [];
      const found = tiers.map(
        (tier) =>
          sql`exists (${db
            .select({ one: sql`1` })
            .from(products)
            .where(and(where, meetsKeys(tier.keys)))
            .orderBy(...tierOrder(tier))
            .limit(1)})`,
      );
      return found.length === 0 ? sql`false` : sql.join(found, sql` or `);
    });
    const columns = probes.map((probe, index) => sql`${probe} as ${sql.raw(`w${index}`)}`);
    const answer = (await db.execute(sql`select ${sql.join(columns, sql`, `)}`)) as unknown as { rows: Record<string, boolean>[] };
    return alone.map((_, index) => answer.rows[0]![`w${index}`] === true);
  };
  for (const corrected of await corrections(db, words, meetEach)) {
    const correctedList = await listMatching(db, query, await wordTerms(db, corrected));
    if (correctedList.total > 0) return { ...correctedList, correctedSearch: corrected };
  }
  return list;
}

async function listMatching(db: Db, query: ProductListQuery, words: WordTerms[] | null): Promise<ProductList> {
  const limit = query.limit === 0 ? LIST_ALL_MAX : query.limit;
  const page = query.limit === 0 ? 1 : query.page;
  const offset = (page - 1) * limit;
  const search = words ? searchPlan(words) : null;
  if (words && !search) return { count: 0, total: 0, page, pages: 1, data: [] };
  const where = listConditions(query, search);
  const countMatches = async () => {
    const matches = db
      .select({ one: sql`1` })
      .from(products)
      .where(where)
      .limit(LIST_TOTAL_MAX)
      .as('matches');
    const [counted] = await db.select({ n: count() }).from(matches);
    return counted?.n ?? 0;
  };
  const depth = Math.min(offset + limit, LIST_TOTAL_MAX);
  let rows: ProductRow[];
  let total: number;
  if (search?.tiers && query.sortBy === undefined && offset < depth) {
    // One word in relevance order: the page's ids tier by tier, then their rows; counted only when there are more.
    const ranked = await rankedIds(db, listConditions(query, null), search.tiers, depth);
    const ids = ranked.ids.slice(offset);
    [rows, total] = await Promise.all([
      ids.length === 0 ? Promise.resolve([]) : selectProducts(db).where(inArray(products.id, ids)),
      ranked.all ? Promise.resolve(ranked.ids.length) : countMatches(),
    ]);
    rows = inOrder(rows, ids, (row) => row.product.id);
  } else {
    [rows, total] = await Promise.all([
      offset < depth
        ? selectProducts(db)
            .where(where)
            .orderBy(...listOrder(query, search))
            .limit(depth - offset)
            .offset(offset)
        : Promise.resolve([]),
      countMatches(),
    ]);
  }
  return {
    count: rows.length,
    total,
    page,
    pages: Math.max(1, Math.ceil(total / limit)),
    data: rows.map((row) => toProduct(row)),
  };
}

/**
 * `GET /products/manage`: the products a seller owns (an admin: every product), searched like the listing, newest first
 * or the lowest stock first, one page at a time with the number of matches.
 */
export async function listManagedProducts(db: Db, actor: AuthUser, query: ManagedProductsQuery): Promise<ProductList> {
  const conditions: SQL[] = [];
  if (actor.role !== 'admin') conditions.push(eq(products.ownerId, actor.id));
  if (query.status) conditions.push(eq(products.status, query.status));
  if (query.search) {
    conditions.push(sql`product_search_text(${products.name}, ${products.description}, ${products.tags}) ilike ${likePattern(query.search)}`);
  }
  const where = and(...conditions);
  const newest = [desc(products.createdAt), desc(products.id)];
  const order = query.sortBy === 'stock' ? [asc(products.remaining), ...newest] : newest;
  const [rows, [counted]] = await Promise.all([
    selectProducts(db)
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(products).where(where),
  ]);
  return pageAnswer(
    rows.map((row) => toProduct(row)),
    counted?.n ?? 0,
    query.page,
    query.limit,
  );
}

async function reviewsOf(db: Db, productId: string): Promise<Review[]> {
  const rows = await db
    .select({ review: reviews, name: users.name, profileImg: users.profileImg })
    .from(reviews)
    .innerJoin(users, eq(reviews.userId, users.id))
    .where(eq(reviews.productId, productId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
  return rows.map(({ review, name, profileImg }) => ({
    _id: review.id,
    userId: { _id: review.userId, name, profileImg },
    date: review.createdAt.toISOString(),
    stars: review.stars,
    text: review.text,
  }));
}

/**
 * One product with its category, owner and reviews (newest first, with each reviewer's name and picture). A draft is
 * found only for a `viewer` who manages it (its seller, an admin); to anyone else it does not exist.
 */
export async function getProduct(db: Db, id: string, viewer: AuthUser | null = null): Promise<Product> {
  const [[row], productReviews] = await Promise.all([selectProducts(db).where(eq(products.id, id)).limit(1), reviewsOf(db, id)]);
  if (!row || (row.product.status !== 'published' && !canManage(viewer, row.product.ownerId))) throw notFound(PRODUCT_NOT_FOUND);
  return toProduct(row, productReviews);
}

/** Every category that has products, each with its newest few, ranked in the database rather than fetched whole. */
export async function categoriesWithProducts(db: Db): Promise<CategoryWithProducts[]> {
  const ranked = db
    .select({
      id: products.id,
      rank: sql<number>`row_number() over (partition by ${products.categoryId} order by ${products.createdAt} desc, ${products.id} desc)`.as('rank'),
    })
    .from(products)
    .where(isPublished)
    .as('ranked');
  const [rows, allCategories] = await Promise.all([
    selectProducts(db)
      .innerJoin(ranked, eq(ranked.id, products.id))
      .where(lte(ranked.rank, CATEGORY_PREVIEW_PRODUCTS))
      .orderBy(desc(products.createdAt), desc(products.id)),
    listCategories(db),
  ]);
  const byCategory = new Map<string, Product[]>();
  for (const row of rows) {
    const list = byCategory.get(row.product.categoryId) ?? [];
    list.push(toProduct(row));
    byCategory.set(row.product.categoryId, list);
  }
  return allCategories.flatMap((category) => {
    const preview = byCategory.get(category._id);
    return preview ? [{ ...category, products: preview }] : [];
  });
}

/* ---------- changing ---------- */

type Placement = { categoryId: string; subCategoryId: string | null; subSubCategoryId: string | null };

/**
 * Checks that the sub-sub-category lies in the sub-category and the sub-category in the category. A sub-sub-category
 * given without its sub-category brings its own.
 */
async function placement(db: Db, categoryId: string, subCategoryId: string | null, subSubCategoryId: string | null): Promise<Placement> {
  let subId = subCategoryId;
  if (subSubCategoryId) {
    const [subSub] = await db.select().from(subSubCategories).where(eq(subSubCategories.id, subSubCategoryId)).limit(1);
    if (!subSub) throw badRequest('Sub-sub-category not found');
    if (subId && subId !== subSub.subCategoryId) throw badRequest('The sub-sub-category does not belong to the sub-category');
    subId = subSub.subCategoryId;
  }
  if (subId) {
    const [sub] = await db.select().from(subCategories).where(eq(subCategories.id, subId)).limit(1);
    if (!sub) throw badRequest('Sub-category not found');
    if (sub.categoryId !== categoryId) throw badRequest('The sub-category does not belong to the category');
  }
  return { categoryId, subCategoryId: subId, subSubCategoryId };
}

/**
 * A product's images in the order the form gives them: each `upload:N` stands for the form's N-th file, and files no
 * item names follow, in the order they came. Checked against the number of files before any is stored; the answer
 * fills in the stored files' URLs.
 */
export function imageOrder(given: readonly string[], fileCount: number): (uploaded: readonly string[]) => string[] {
  const placed = new Set<number>();
  const order = given.map((image) => {
    const ref = UPLOAD_REF_PATTERN.exec(image);
    if (!ref) return image;
    const index = Number(ref[1]);
    if (index >= fileCount) throw badRequest(apiMessage('productImageNoFile', image, fileCount));
    if (placed.has(index)) throw badRequest(apiMessage('productImageTwice', image));
    placed.add(index);
    return index;
  });
  const unplaced = Array.from({ length: fileCount }, (_, index) => index).filter((index) => !placed.has(index));
  return (uploaded) => [...order, ...unplaced].map((image) => (typeof image === 'number' ? uploaded[image]! : image));
}

function checkImages(images: string[]): void {
  if (images.length === 0) throw badRequest('At least one product image is required');
  if (images.length > MAX_PRODUCT_IMAGES) throw badRequest(apiMessage('productTooManyImages', MAX_PRODUCT_IMAGES));
}

/** Sellers manage their own products; admins manage every product. */
function canManage(actor: AuthUser | null, ownerId: string | null): boolean {
  return actor?.role === 'admin' || (actor?.role === 'seller' && ownerId === actor.id);
}

function checkCanManage(actor: AuthUser, ownerId: string | null): void {
  if (!canManage(actor, ownerId)) throw forbidden('You can only change your own products');
}

/** The owner of a new product: the seller creating it, or the seller an admin names. */
async function ownerFor(db: Db, actor: AuthUser, requested: string | undefined): Promise<string> {
  if (!requested || requested === actor.id) return actor.id;
  if (actor.role !== 'admin') throw forbidden('Sellers can only create products of their own');
  const [owner] = await db.select({ role: users.role }).from(users).where(eq(users.id, requested)).limit(1);
  if (!owner || owner.role === 'user') throw badRequest('The owner must be a seller');
  return requested;
}

/* ---------- variants ---------- */

type PricedVariant = VariantInput & { price: number };

/**
 * What a product with variants keeps in its own columns, so the listing filters and sorts by them with its indexes:
 * the price, original price and discount of its cheapest variant (the first of equal ones), the variants' sizes and
 * colours in their order, and their stock summed.
 */
export function fieldsFromVariants(variants: readonly PricedVariant[]) {
  const cheapest = variants.reduce((low, variant) => (variant.price < low.price ? variant : low));
  return {
    originalPrice: cheapest.originalPrice,
    discount: cheapest.discount,
    price: cheapest.price,
    sizes: optionValues(variants, 'size'),
    colors: optionValues(variants, 'color'),
    remaining: variants.reduce((sum, variant) => sum + variant.remainingProducts, 0),
  };
}

export const priced = (variants: readonly VariantInput[]): PricedVariant[] =>
  variants.map((variant) => ({ ...variant, price: discountedPrice(variant.originalPrice, variant.discount) }));

/** The SKUs a product write gives: the product's own (without variants) or its variants'. */
type GivenSkus = { sku?: string | null; variants?: readonly VariantInput[] };

/**
 * A 409 for an SKU another product uses, naming the field that gives it (the product's `sku`, or the row's
 * `variants.N.sku`) so a form can put the message beside it.
 */
function skuTaken(given: GivenSkus, sku: string): HttpError {
  const message = apiMessage('skuTaken', sku);
  const same = (other: string) => other.toLowerCase() === sku.toLowerCase();
  const row = (given.variants ?? []).findIndex((variant) => same(variant.sku));
  const path = given.sku && same(given.sku) ? 'sku' : `variants.${Math.max(0, row)}.sku`;
  return new HttpError(409, message, [{ path, message: message.message, code: message.code }]);
}

/**
 * Refuses SKUs another product or another product's variant uses (whatever their case), naming the first, under the
 * catalogue's SKU lock (skus.ts): the first statement of the transaction that writes them.
 */
async function claimSkus(tx: Tx, productId: string, given: GivenSkus): Promise<void> {
  const skus = [...(given.sku ? [given.sku] : []), ...(given.variants ?? []).map((variant) => variant.sku)];
  if (skus.length === 0) return;
  await lockSkus(tx);
  const owners = await skuOwners(tx, skus);
  const taken = skus.map((sku) => owners.get(sku.toLowerCase())).find((owner) => owner !== undefined && owner.productId !== productId);
  if (taken) throw skuTaken(given, taken.sku);
}

/** A 400 on the product's `sku`: a product with variants has none of its own. */
function skuWithVariants(): HttpError {
  const message = apiMessage('productSkuWithVariants');
  return new HttpError(400, message, [{ path: 'sku', message: message.message, code: message.code }]);
}

/**
 * Makes the product's variants exactly `variants`, in this order: a row with an `_id` of this product's changes that
 * variant (its orders and the carts holding it keep naming it), one without is added, and variants not listed are
 * deleted (order lines keep their size and colour). Kept rows first step aside (a negative position, a placeholder
 * SKU no input can spell), so variants can swap places or SKUs without tripping the unique indexes mid-way.
 */
async function writeVariants(tx: Tx, productId: string, variants: readonly PricedVariant[]): Promise<void> {
  const current = await tx.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.productId, productId));
  const currentIds = new Set(current.map((row) => row.id));
  variants.forEach((variant, index) => {
    if (variant._id !== undefined && !currentIds.has(variant._id)) throw badRequest(apiMessage('variantNotOfProduct', index + 1));
  });
  const kept = variants.flatMap((variant) => (variant._id === undefined ? [] : [variant._id]));
  const removed = [...currentIds].filter((id) => !kept.includes(id));
  if (removed.length > 0) await tx.delete(productVariants).where(inArray(productVariants.id, removed));
  if (kept.length > 0) {
    await tx
      .update(productVariants)
      .set({ position: sql`-1 - ${productVariants.position}`, sku: sql`'~' || ${productVariants.id}` })
      .where(inArray(productVariants.id, kept));
  }
  for (const [position, variant] of variants.entries()) {
    const values = {
      position,
      sku: variant.sku,
      size: variant.size ?? null,
      color: variant.color ?? null,
      originalPrice: variant.originalPrice,
      discount: variant.discount,
      price: variant.price,
      remaining: variant.remainingProducts,
    };
    if (variant._id === undefined) await tx.insert(productVariants).values({ id: newId(), productId, ...values });
    else await tx.update(productVariants).set(values).where(eq(productVariants.id, variant._id));
  }
}

/** A write outside the SKU lock that took one of the SKUs first is answered as a taken SKU found beforehand is. */
async function refusingTakenSku<T>(given: GivenSkus, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const first = given.sku ?? given.variants?.[0]?.sku;
    if (pgErrorCode(err) === UNIQUE_VIOLATION && first) throw skuTaken(given, first);
    throw err;
  }
}

/* ---------- creating and changing ---------- */

/** The product's own columns as the product form gives them (with variants, its price and stock then follow from them). */
export function productColumns(input: ProductCreateInput) {
  return {
    name: input.name,
    description: input.description,
    nameBn: input.productNameBn ?? null,
    descriptionBn: input.productDescriptionBn ?? null,
    detailsBn: input.productDetailsBn,
    unitBn: input.quantityBn ?? null,
    unit: input.quantity,
    details: input.productDetails,
    tags: input.searchTags,
    images: input.productImages,
    originalPrice: input.originalPrice,
    discount: input.discount,
    price: discountedPrice(input.originalPrice, input.discount),
    remaining: input.remainingProducts,
    sku: input.variants.length > 0 ? null : (input.sku ?? null),
  };
}

/** Creates the product and its variants in one transaction; with variants, its price, options and stock follow from them. */
export async function createProduct(db: Db, actor: AuthUser, input: ProductCreateInput): Promise<Product> {
  checkImages(input.productImages);
  const where = await placement(db, await categoryIdOf(db, input.category), input.subCategory ?? null, input.subSubCategory ?? null);
  const ownerId = await ownerFor(db, actor, input.OwnerId);
  if (input.sku && input.variants.length > 0) throw skuWithVariants();
  const id = newId();
  const variants = priced(input.variants);
  await refusingTakenSku(input, () =>
    db.transaction(async (tx) => {
      await claimSkus(tx, id, input);
      await tx.insert(products).values({
        id,
        ...productColumns(input),
        colors: input.colors,
        sizes: input.sizes,
        faqs: input.faqs,
        video: input.video ?? null,
        status: input.status,
        ...where,
        ownerId,
        ...(variants.length > 0 && fieldsFromVariants(variants)),
      });
      await writeVariants(tx, id, variants);
    }),
  );
  await indexProducts(db, [id]);
  return getProduct(db, id, actor);
}

async function productRow(db: Db, id: string) {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  return row;
}

/** Refuses before any upload is stored: a 404 for an unknown product, a 403 for someone else's. */
export async function checkProductManageable(db: Db, actor: AuthUser, id: string): Promise<void> {
  checkCanManage(actor, (await productRow(db, id)).ownerId);
}

/**
 * Where an update puts the product, when it names a category, sub-category or sub-sub-category. A level that really
 * changes clears the levels below it unless they are given too; a sub-sub-category given alone brings its parents.
 */
async function newPlacement(db: Db, current: typeof products.$inferSelect, input: ProductUpdateInput): Promise<Placement | object> {
  const { productCategory, productSubCategory, productSubSubCategory } = input;
  if (productCategory === undefined && productSubCategory === undefined && productSubSubCategory === undefined) return {};
  const categoryId = productCategory === undefined ? current.categoryId : await categoryIdOf(db, productCategory);
  const categoryChanged = categoryId !== current.categoryId;
  const subCategoryId = productSubCategory !== undefined ? productSubCategory : productSubSubCategory || categoryChanged ? null : current.subCategoryId;
  const subChanged = productSubCategory !== undefined && productSubCategory !== current.subCategoryId;
  const subSubCategoryId = productSubSubCategory !== undefined ? productSubSubCategory : categoryChanged || subChanged ? null : current.subSubCategoryId;
  return placement(db, categoryId, subCategoryId, subSubCategoryId);
}

/**
 * Changes the fields given. Moving a product to another category drops its sub-categories unless new ones are given;
 * the discounted price follows the original price and the discount. A product with variants takes its price,
 * discount, sizes, colours and stock from them (written in the same transaction), whatever else the form said, and
 * has no SKU of its own: giving it one is refused, giving it variants clears the one it had.
 */
export async function updateProduct(db: Db, media: Pick<MediaStore, 'release'>, actor: AuthUser, id: string, input: ProductUpdateInput): Promise<Product> {
  const current = await productRow(db, id);
  checkCanManage(actor, current.ownerId);
  if (input.productImages) checkImages(input.productImages);

  const where = await newPlacement(db, current, input);
  const originalPrice = input.productOriginalPrice ?? current.originalPrice;
  const discount = input.productDiscount ?? current.discount;
  if (!isSalePriceAllowed(originalPrice, discount)) throw badRequest(SALE_PRICE_TOO_LOW);
  await refusingTakenSku(input, () =>
    db.transaction(async (tx) => {
      await claimSkus(tx, id, input);
      if (input.variants) await writeVariants(tx, id, priced(input.variants));
      const variants = await tx.select().from(productVariants).where(eq(productVariants.productId, id));
      if (input.sku && variants.length > 0) throw skuWithVariants();
      const fromVariants =
        variants.length > 0
          ? fieldsFromVariants(
              variants
                .sort((a, b) => a.position - b.position)
                .map((v) => ({ ...v, size: v.size ?? undefined, color: v.color ?? undefined, remainingProducts: v.remaining })),
            )
          : {};
      await tx
        .update(products)
        .set({
          ...(input.productName !== undefined && { name: input.productName }),
          ...(input.productDescription !== undefined && { description: input.productDescription }),
          ...(input.productNameBn !== undefined && { nameBn: input.productNameBn }),
          ...(input.productDescriptionBn !== undefined && { descriptionBn: input.productDescriptionBn }),
          ...(input.productDetailsBn !== undefined && { detailsBn: input.productDetailsBn }),
          ...(input.quantityBn !== undefined && { unitBn: input.quantityBn }),
          ...(input.quantity !== undefined && { unit: input.quantity }),
          ...(input.productDetails !== undefined && { details: input.productDetails }),
          ...(input.productColors !== undefined && { colors: input.productColors }),
          ...(input.productSizes !== undefined && { sizes: input.productSizes }),
          ...(input.searchTags !== undefined && { tags: input.searchTags }),
          ...(input.faqs !== undefined && { faqs: input.faqs }),
          ...(input.remainingProducts !== undefined && { remaining: input.remainingProducts }),
          ...(input.video !== undefined && { video: input.video }),
          ...(input.productImages !== undefined && { images: input.productImages }),
          ...(input.status !== undefined && { status: input.status }),
          ...(input.sku !== undefined && { sku: input.sku }),
          ...(variants.length > 0 && { sku: null }),
          ...where,
          originalPrice,
          discount,
          price: discountedPrice(originalPrice, discount),
          ...fromVariants,
          updatedAt: new Date(),
          searchKeysVersion: 0,
        })
        .where(eq(products.id, id));
    }),
  );
  if (input.productImages) await media.release(current.images.filter((url) => !input.productImages!.includes(url)));
  await indexProducts(db, [id]);
  return getProduct(db, id, actor);
}

/** Deletes the product, the search terms only it carried and the pictures nothing else shows (order lines keep theirs). */
export async function deleteProduct(db: Db, media: Pick<MediaStore, 'release'>, actor: AuthUser, id: string): Promise<void> {
  const row = await productRow(db, id);
  checkCanManage(actor, row.ownerId);
  await deleteProducts(db, eq(products.id, id));
  await media.release(row.images);
}
