import { and, asc, count, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { apiMessage } from '../../../contract/api-messages';
import type {
  Category,
  CategoryName,
  categoryUpdateSchema,
  SubCategory,
  subCategoryUpdateSchema,
  SubSubCategory,
  subSubCategoryUpdateSchema,
} from '../../../contract/catalogue';
import type { Db, Tx } from '../../db/client';
import { newId } from '../../db/ids';
import { categories, products, subCategories, subSubCategories } from '../../db/schema';
import { markProductsStale } from '../search/product-keys';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { MediaStore } from '../media/store';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../db/pg-errors';

type CategoryRow = typeof categories.$inferSelect;
type SubCategoryRow = typeof subCategories.$inferSelect;
type SubSubCategoryRow = typeof subSubCategories.$inferSelect;

const NAME_TAKEN = 'A category with this name already exists';
const CATEGORY_NOT_FOUND = 'Category not found';
const SUB_CATEGORY_NOT_FOUND = 'Sub-category not found';
const SUB_SUB_CATEGORY_NOT_FOUND = 'Sub-sub-category not found';
const IN_USE = { category: apiMessage('categoryInUse'), 'sub-category': apiMessage('subCategoryInUse'), 'sub-sub-category': apiMessage('subSubCategoryInUse') };

const toCategory = (row: CategoryRow): Category => ({ _id: row.id, categoryName: row.name, categoryNameBn: row.nameBn, categoryImage: row.image });
const toSubCategory = (row: SubCategoryRow): SubCategory => ({
  _id: row.id,
  subCategoryName: row.name,
  subCategoryNameBn: row.nameBn,
  categoryId: row.categoryId,
  subCategoryImage: row.image,
});
const toSubSubCategory = (row: SubSubCategoryRow): SubSubCategory => ({
  _id: row.id,
  subSubCategoryName: row.name,
  subSubCategoryNameBn: row.nameBn,
  categoryId: row.categoryId,
  subCategoryId: row.subCategoryId,
  subSubCategoryImage: row.image,
});

/* ---------- categories ---------- */

export async function listCategories(db: Db): Promise<Category[]> {
  return (await db.select().from(categories).orderBy(asc(categories.name))).map(toCategory);
}

export async function categoryNames(db: Db): Promise<CategoryName[]> {
  const rows = await db.select({ id: categories.id, name: categories.name, nameBn: categories.nameBn }).from(categories).orderBy(asc(categories.name));
  return rows.map((row) => ({ _id: row.id, categoryName: row.name, categoryNameBn: row.nameBn }));
}

export async function getCategory(db: Db, id: string): Promise<Category> {
  const [row] = await db.select().from(categories).where(eq(categories.id, id)).limit(1);
  if (!row) throw notFound(CATEGORY_NOT_FOUND);
  return toCategory(row);
}

/** A category by id or by name in any case (links from banners and the listing's `category` carry either). */
export async function findCategory(db: Db | Tx, ref: string): Promise<CategoryRow | undefined> {
  const [row] = await db
    .select()
    .from(categories)
    .where(or(eq(categories.id, ref), eq(sql`lower(${categories.name})`, ref.toLowerCase())))
    .orderBy(sql`${categories.id} = ${ref} desc`)
    .limit(1);
  return row;
}

/** The id of the category `ref` names (its id or its name); a 400 'Category not found' when none does. */
export async function categoryIdOf(db: Db, ref: string): Promise<string> {
  const category = await findCategory(db, ref);
  if (!category) throw badRequest(CATEGORY_NOT_FOUND);
  return category.id;
}

/** Unique names are checked first for a clear message; the unique index still decides a race. */
async function uniqueName<T>(db: Db, name: string, exceptId: string | null, write: () => Promise<T>): Promise<T> {
  const sameName = eq(sql`lower(${categories.name})`, name.toLowerCase());
  const [taken] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(exceptId ? and(sameName, ne(categories.id, exceptId)) : sameName)
    .limit(1);
  if (taken) throw conflict(NAME_TAKEN);
  try {
    return await write();
  } catch (err) {
    if (pgErrorCode(err) === UNIQUE_VIOLATION) throw conflict(NAME_TAKEN);
    throw err;
  }
}

export async function createCategory(
  db: Db,
  input: { categoryName: string; categoryNameBn?: string | undefined; image: string | undefined },
): Promise<Category> {
  const { image } = input;
  if (!image) throw badRequest('Category image is required');
  const [row] = await uniqueName(db, input.categoryName, null, () =>
    db
      .insert(categories)
      .values({ id: newId(), name: input.categoryName, nameBn: input.categoryNameBn ?? null, image })
      .returning(),
  );
  return toCategory(row!);
}

export async function updateCategory(
  db: Db,
  media: Pick<MediaStore, 'release'>,
  id: string,
  input: z.output<typeof categoryUpdateSchema> & { image: string | undefined },
): Promise<Category> {
  const before = await getCategory(db, id);
  const changes = {
    ...(input.categoryName && { name: input.categoryName }),
    ...(input.categoryNameBn !== undefined && { nameBn: input.categoryNameBn }),
    ...(input.image && { image: input.image }),
  };
  if (Object.keys(changes).length === 0) return before;
  const write = () => db.update(categories).set(changes).where(eq(categories.id, id)).returning();
  const [row] = input.categoryName ? await uniqueName(db, input.categoryName, id, write) : await write();
  if (input.categoryName || input.categoryNameBn !== undefined) await markProductsStale(db, eq(products.categoryId, id));
  if (input.image && input.image !== before.categoryImage) await media.release([before.categoryImage]);
  return toCategory(row!);
}

async function hasProducts(db: Db, where: SQL): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(products).where(where);
  return (row?.n ?? 0) > 0;
}

/**
 * A category with products is refused; its sub-categories go with it (their pictures too, unless used elsewhere) and
 * its banners lose their link.
 */
export async function deleteCategory(db: Db, media: Pick<MediaStore, 'release'>, id: string): Promise<void> {
  const category = await getCategory(db, id);
  if (await hasProducts(db, eq(products.categoryId, id))) throw conflict(IN_USE['category']);
  const [subs, subSubs] = await Promise.all([
    db.select({ image: subCategories.image }).from(subCategories).where(eq(subCategories.categoryId, id)),
    db.select({ image: subSubCategories.image }).from(subSubCategories).where(eq(subSubCategories.categoryId, id)),
  ]);
  await db.delete(categories).where(eq(categories.id, id));
  await media.release([category.categoryImage, ...subs.map((row) => row.image), ...subSubs.map((row) => row.image)]);
}

/* ---------- sub-categories ---------- */

export async function listSubCategories(db: Db, filter: { categoryId?: string | undefined }): Promise<SubCategory[]> {
  const rows = await db
    .select()
    .from(subCategories)
    .where(filter.categoryId ? eq(subCategories.categoryId, filter.categoryId) : undefined)
    .orderBy(asc(subCategories.name));
  return rows.map(toSubCategory);
}

async function subCategoryRow(db: Db | Tx, id: string): Promise<SubCategoryRow | undefined> {
  const [row] = await db.select().from(subCategories).where(eq(subCategories.id, id)).limit(1);
  return row;
}

export async function getSubCategory(db: Db, id: string): Promise<SubCategory> {
  const row = await subCategoryRow(db, id);
  if (!row) throw notFound(SUB_CATEGORY_NOT_FOUND);
  return toSubCategory(row);
}

async function requireCategoryId(db: Db, id: string): Promise<void> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).limit(1);
  if (!row) throw badRequest(CATEGORY_NOT_FOUND);
}

export async function createSubCategory(
  db: Db,
  input: { subCategoryName: string; subCategoryNameBn?: string | undefined; categoryId: string; image: string | undefined },
): Promise<SubCategory> {
  await requireCategoryId(db, input.categoryId);
  const [row] = await db
    .insert(subCategories)
    .values({ id: newId(), name: input.subCategoryName, nameBn: input.subCategoryNameBn ?? null, categoryId: input.categoryId, image: input.image ?? null })
    .returning();
  return toSubCategory(row!);
}

/** Moving a sub-category to another category moves its sub-sub-categories and products along, so they stay consistent. */
export async function updateSubCategory(
  db: Db,
  media: Pick<MediaStore, 'release'>,
  id: string,
  input: z.output<typeof subCategoryUpdateSchema> & { image: string | undefined },
): Promise<SubCategory> {
  const current = await subCategoryRow(db, id);
  if (!current) throw notFound(SUB_CATEGORY_NOT_FOUND);
  if (input.categoryId) await requireCategoryId(db, input.categoryId);
  const changes = {
    ...(input.subCategoryName && { name: input.subCategoryName }),
    ...(input.subCategoryNameBn !== undefined && { nameBn: input.subCategoryNameBn }),
    ...(input.categoryId && { categoryId: input.categoryId }),
    ...(input.image && { image: input.image }),
  };
  // An update that changes nothing answers the sub-category as it is (an empty SET is not SQL).
  if (Object.keys(changes).length === 0) return toSubCategory(current);
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx.update(subCategories).set(changes).where(eq(subCategories.id, id)).returning();
    if (input.categoryId && input.categoryId !== current.categoryId) {
      await tx.update(subSubCategories).set({ categoryId: input.categoryId }).where(eq(subSubCategories.subCategoryId, id));
      await tx.update(products).set({ categoryId: input.categoryId, updatedAt: new Date() }).where(eq(products.subCategoryId, id));
    }
    if (input.subCategoryName || input.subCategoryNameBn !== undefined || input.categoryId) await markProductsStale(tx, eq(products.subCategoryId, id));
    return updated!;
  });
  if (input.image && input.image !== current.image) await media.release([current.image]);
  return toSubCategory(row);
}

export async function deleteSubCategory(db: Db, media: Pick<MediaStore, 'release'>, id: string): Promise<void> {
  const current = await subCategoryRow(db, id);
  if (!current) throw notFound(SUB_CATEGORY_NOT_FOUND);
  const inSubSubs = inArray(
    products.subSubCategoryId,
    db.select({ id: subSubCategories.id }).from(subSubCategories).where(eq(subSubCategories.subCategoryId, id)),
  );
  const [row] = await db
    .select({ n: count() })
    .from(products)
    .where(or(eq(products.subCategoryId, id), inSubSubs));
  if ((row?.n ?? 0) > 0) throw conflict(IN_USE['sub-category']);
  const subSubs = await db.select({ image: subSubCategories.image }).from(subSubCategories).where(eq(subSubCategories.subCategoryId, id));
  await db.delete(subCategories).where(eq(subCategories.id, id));
  await media.release([current.image, ...subSubs.map((sub) => sub.image)]);
}

/* ---------- sub-sub-categories ---------- */

export async function listSubSubCategories(db: Db, filter: { subCategoryId?: string | undefined; categoryId?: string | undefined }): Promise<SubSubCategory[]> {
  const rows = await db
    .select()
    .from(subSubCategories)
    .where(
      and(
        filter.subCategoryId ? eq(subSubCategories.subCategoryId, filter.subCategoryId) : undefined,
        filter.categoryId ? eq(subSubCategories.categoryId, filter.categoryId) : undefined,
      ),
    )
    .orderBy(asc(subSubCategories.name));
  return rows.map(toSubSubCategory);
}

async function subSubCategoryRow(db: Db | Tx, id: string): Promise<SubSubCategoryRow | undefined> {
  const [row] = await db.select().from(subSubCategories).where(eq(subSubCategories.id, id)).limit(1);
  return row;
}

export async function getSubSubCategory(db: Db, id: string): Promise<SubSubCategory> {
  const row = await subSubCategoryRow(db, id);
  if (!row) throw notFound(SUB_SUB_CATEGORY_NOT_FOUND);
  return toSubSubCategory(row);
}

/** The parent sub-category, which also fixes the category; a category given alongside must agree with it. */
async function parentOf(db: Db, subCategoryId: string, categoryId: string | undefined): Promise<SubCategoryRow> {
  const parent = await subCategoryRow(db, subCategoryId);
  if (!parent) throw badRequest(SUB_CATEGORY_NOT_FOUND);
  if (categoryId && categoryId !== parent.categoryId) throw badRequest('The sub-category does not belong to this category');
  return parent;
}

export async function createSubSubCategory(
  db: Db,
  input: {
    subSubCategoryName: string;
    subSubCategoryNameBn?: string | undefined;
    subCategoryId: string;
    categoryId?: string | undefined;
    image: string | undefined;
  },
): Promise<SubSubCategory> {
  const parent = await parentOf(db, input.subCategoryId, input.categoryId);
  const [row] = await db
    .insert(subSubCategories)
    .values({
      id: newId(),
      name: input.subSubCategoryName,
      nameBn: input.subSubCategoryNameBn ?? null,
      categoryId: parent.categoryId,
      subCategoryId: parent.id,
      image: input.image ?? null,
    })
    .returning();
  return toSubSubCategory(row!);
}

export async function updateSubSubCategory(
  db: Db,
  media: Pick<MediaStore, 'release'>,
  id: string,
  input: z.output<typeof subSubCategoryUpdateSchema> & { image: string | undefined },
): Promise<SubSubCategory> {
  const current = await subSubCategoryRow(db, id);
  if (!current) throw notFound(SUB_SUB_CATEGORY_NOT_FOUND);
  const parent = await parentOf(db, input.subCategoryId ?? current.subCategoryId, input.categoryId);
  const moved = parent.id !== current.subCategoryId;
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(subSubCategories)
      .set({
        ...(input.subSubCategoryName && { name: input.subSubCategoryName }),
        ...(input.subSubCategoryNameBn !== undefined && { nameBn: input.subSubCategoryNameBn }),
        ...(input.image && { image: input.image }),
        subCategoryId: parent.id,
        categoryId: parent.categoryId,
      })
      .where(eq(subSubCategories.id, id))
      .returning();
    if (moved) {
      await tx
        .update(products)
        .set({ subCategoryId: parent.id, categoryId: parent.categoryId, updatedAt: new Date() })
        .where(eq(products.subSubCategoryId, id));
    }
    if (input.subSubCategoryName || input.subSubCategoryNameBn !== undefined || moved) await markProductsStale(tx, eq(products.subSubCategoryId, id));
    return updated!;
  });
  if (input.image && input.image !== current.image) await media.release([current.image]);
  return toSubSubCategory(row);
}

export async function deleteSubSubCategory(db: Db, media: Pick<MediaStore, 'release'>, id: string): Promise<void> {
  const current = await subSubCategoryRow(db, id);
  if (!current) throw notFound(SUB_SUB_CATEGORY_NOT_FOUND);
  if (await hasProducts(db, eq(products.subSubCategoryId, id))) throw conflict(IN_USE['sub-sub-category']);
  await db.delete(subSubCategories).where(eq(subSubCategories.id, id));
  await media.release([current.image]);
}
