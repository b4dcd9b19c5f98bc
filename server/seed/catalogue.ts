import { count, eq, inArray, sql } from 'drizzle-orm';
import { discountedPrice, optionValues } from '../../contract/catalogue';
import { hashPassword } from '../modules/auth/secrets';
import type { Db } from '../db/client';
import type { MediaStorage } from '../modules/media/storage';
import { newId } from '../db/ids';
import { banners, categories, logos, products, productVariants, reviews, subCategories, subSubCategories, users } from '../db/schema';
import { CATEGORY_NAMES_BN, EDITION_NAMES_BN, PRODUCT_NAMES_BN, UNIT_NAMES_BN } from './bangla-names';
import {
  BANNERS,
  COLOURS,
  DEMO_SELLER_PASSWORD,
  DEMO_SELLERS,
  DETAILS,
  EDITIONS,
  FAQS,
  type Kind,
  type Leaf,
  REVIEW_TEXTS,
  REVIEWER_PASSWORD,
  REVIEWERS,
  RICE_BY_WEIGHT,
  type Root,
  SIZES,
  TREE,
  UNIT,
  VIDEOS,
  WEIGHT_PRICE,
} from './catalogue-data';
import { bannerPicture, categoryPicture, LOGO_NAME, logoPicture, productPicture, randomSource } from './catalogue-images';

const IMAGES_PER_CATEGORY = 5;
const INSERT_BATCH = 500;

type VariantRow = typeof productVariants.$inferInsert;

/**
 * The variants a seeded product is sold in, or none: groceries by weight (the rice at its own prices), every third
 * garment in each of its sizes and colours, larger sizes a little dearer.
 */
function seedVariants(
  product: { id: string; name: string; originalPrice: number; discount: number; sizes: string[]; colors: string[] },
  kind: Kind,
  outOfStock: boolean,
  random: () => number,
  index: number,
): VariantRow[] {
  const variant = (
    position: number,
    size: string | null,
    color: string | null,
    originalPrice: number,
    remaining: number,
    discount = product.discount,
  ): VariantRow => ({
    id: newId(),
    productId: product.id,
    position,
    sku: `${product.id.slice(-8).toUpperCase()}-${position + 1}`,
    size,
    color,
    originalPrice,
    discount,
    price: discountedPrice(originalPrice, discount),
    remaining: outOfStock ? 0 : remaining,
  });
  if (product.name === 'Najirshail Rice') {
    return RICE_BY_WEIGHT.map(([size, originalPrice, remaining], position) => variant(position, size, null, originalPrice, remaining, 0));
  }
  if (kind === 'grocery' && product.sizes.every((size) => WEIGHT_PRICE[size] !== undefined)) {
    return product.sizes.map((size, position) =>
      variant(position, size, null, Math.round(product.originalPrice * WEIGHT_PRICE[size]!), 1 + Math.floor(random() * 80)),
    );
  }
  if (kind === 'apparel' && index % 3 === 0) {
    return product.sizes.flatMap((size, s) =>
      product.colors.map((color, c) =>
        variant(s * product.colors.length + c, size, color, product.originalPrice + (/XL/.test(size) ? 100 : 0), Math.floor(random() * 12)),
      ),
    );
  }
  return [];
}

/** A product sold in variants keeps their cheapest price, their options and their stock summed in its own columns. */
function withVariantFields<P extends typeof products.$inferInsert>(product: P, variants: VariantRow[]): P {
  if (variants.length === 0) return product;
  const cheapest = variants.reduce((low, v) => (v.price < low.price ? v : low));
  const options = variants.map((v) => ({ size: v.size ?? undefined, color: v.color ?? undefined }));
  return {
    ...product,
    originalPrice: cheapest.originalPrice,
    discount: cheapest.discount ?? 0,
    price: cheapest.price,
    sizes: optionValues(options, 'size'),
    colors: optionValues(options, 'color'),
    remaining: variants.reduce((sum, v) => sum + (v.remaining ?? 0), 0),
  };
}
const DAY_MS = 24 * 60 * 60 * 1000;

type Placed = { root: Root; kind: Kind; leaf: Leaf; categoryId: string; subCategoryId: string; subSubCategoryId: string };

/** Users by email, created (verified, with one shared password hash per role) when missing. */
async function ensureUsers(
  db: Db,
  people: readonly { email: string; name: string; phone?: string }[],
  role: 'user' | 'seller',
  password: string,
): Promise<string[]> {
  const emails = people.map((p) => p.email);
  const existing = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails));
  const missing = people.filter((p) => !existing.some((row) => row.email === p.email));
  if (missing.length > 0) {
    const passwordHash = await hashPassword(password);
    await db
      .insert(users)
      .values(missing.map((p) => ({ id: newId(), name: p.name, email: p.email, phone: p.phone ?? null, passwordHash, role })))
      .onConflictDoNothing();
  }
  const rows = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails));
  return emails.map((email) => rows.find((row) => row.email === email)!.id);
}

/** The category tree, creating whatever is missing (matched by name), with a picture for each level. */
async function ensureTree(db: Db, storage: MediaStorage): Promise<{ placed: Placed[]; images: Map<string, string[]>; ids: Map<string, string> }> {
  const placed: Placed[] = [];
  const images = new Map<string, string[]>();
  const ids = new Map<string, string>();
  const existing = await db.select().from(categories);
  for (const [index, root] of TREE.entries()) {
    const pictures: string[] = [];
    for (let i = 0; i < IMAGES_PER_CATEGORY; i += 1) {
      pictures.push(await productPicture(storage, `${root.name} ${i + 1}`, (root.hue + i * 12) % 360, index * 100 + i));
    }
    images.set(root.name, pictures);

    let category = existing.find((row) => row.name.toLowerCase() === root.name.toLowerCase());
    if (!category) {
      const image = await categoryPicture(storage, root.name, root.hue, index);
      [category] = await db
        .insert(categories)
        .values({ id: newId(), name: root.name, nameBn: CATEGORY_NAMES_BN[root.name] ?? null, image })
        .returning();
    }
    const categoryId = category!.id;
    ids.set(root.name, categoryId);

    const subs = await db.select().from(subCategories).where(eq(subCategories.categoryId, categoryId));
    for (const [b, branch] of root.branches.entries()) {
      let sub = subs.find((row) => row.name === branch.name);
      if (!sub) {
        [sub] = await db
          .insert(subCategories)
          .values({ id: newId(), name: branch.name, nameBn: CATEGORY_NAMES_BN[branch.name] ?? null, categoryId, image: pictures[b % pictures.length]! })
          .returning();
      }
      const subSubs = await db.select().from(subSubCategories).where(eq(subSubCategories.subCategoryId, sub!.id));
      for (const [l, leaf] of branch.leaves.entries()) {
        let subSub = subSubs.find((row) => row.name === leaf[0]);
        if (!subSub) {
          [subSub] = await db
            .insert(subSubCategories)
            .values({
              id: newId(),
              name: leaf[0],
              nameBn: CATEGORY_NAMES_BN[leaf[0]] ?? null,
              categoryId,
              subCategoryId: sub!.id,
              image: pictures[(b + l + 1) % pictures.length]!,
            })
            .returning();
        }
        placed.push({ root, kind: branch.kind ?? root.kind, leaf, categoryId, subCategoryId: sub!.id, subSubCategoryId: subSub!.id });
      }
    }
  }
  return { placed, images, ids };
}

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)]!;
}

function some<T>(random: () => number, list: readonly T[], min: number, max: number): T[] {
  const wanted = Math.min(list.length, min + Math.floor(random() * (max - min + 1)));
  return [...list].sort(() => random() - 0.5).slice(0, wanted);
}

/**
 * Seeds the demo catalogue: the category tree, two sellers and a few reviewing customers, banners and a logo when
 * there are none, and `products` new products (160 by default) spread across every sub-sub-category. Pictures are
 * drawn locally and stored through `storage`, the configured media driver. Running it again adds products to what is there.
 */
export async function seedCatalogue(db: Db, options: { storage: MediaStorage; products?: number }): Promise<string> {
  const total = options.products ?? 160;
  const random = randomSource(20_240_601);
  const variantRandom = randomSource(20_261_129);
  const { placed, images, ids } = await ensureTree(db, options.storage);
  const sellerIds = await ensureUsers(db, DEMO_SELLERS, 'seller', DEMO_SELLER_PASSWORD);
  const reviewerIds = await ensureUsers(db, REVIEWERS, 'user', REVIEWER_PASSWORD);

  const [bannerCount] = await db.select({ n: count() }).from(banners);
  if ((bannerCount?.n ?? 0) === 0) {
    for (const [i, banner] of BANNERS.entries()) {
      const root = TREE.find((r) => r.name === banner.category)!;
      const image = await bannerPicture(options.storage, banner.title, banner.offer, root.hue, 900 + i);
      await db.insert(banners).values({
        id: newId(),
        image,
        offer: banner.offer,
        categoryId: ids.get(banner.category)!,
        position: i + 1,
        createdAt: new Date(Date.now() - i * 1000),
      });
    }
  }
  const [logoCount] = await db.select({ n: count() }).from(logos);
  if ((logoCount?.n ?? 0) === 0) await db.insert(logos).values({ id: newId(), url: await logoPicture(options.storage), alt: LOGO_NAME });

  const now = Date.now();
  // Spread over the last 180 days, so "newest" means something and pages differ.
  const spacing = (180 * DAY_MS) / Math.max(total, 1);
  let productRows: (typeof products.$inferInsert)[] = [];
  let reviewRows: (typeof reviews.$inferInsert)[] = [];
  let variantRows: VariantRow[] = [];
  const flush = async () => {
    if (productRows.length > 0) await db.insert(products).values(productRows);
    if (variantRows.length > 0) await db.insert(productVariants).values(variantRows);
    if (reviewRows.length > 0) await db.insert(reviews).values(reviewRows);
    productRows = [];
    reviewRows = [];
    variantRows = [];
  };

  for (let i = 0; i < total; i += 1) {
    const spot = placed[i % placed.length]!;
    const [, names, [minPrice, maxPrice]] = spot.leaf;
    const round = Math.floor(i / placed.length);
    const base = names[round % names.length]!;
    const edition = round < names.length ? null : EDITIONS[(round - names.length) % EDITIONS.length]!;
    const name = edition ? `${base} — ${edition}` : base;
    // A name already in Bangla has no other; the rest are named in Bangla with their edition.
    const baseBn = PRODUCT_NAMES_BN[base];
    const nameBn = baseBn ? (edition ? `${baseBn} — ${EDITION_NAMES_BN[edition]}` : baseBn) : null;
    const step = maxPrice > 1000 ? 50 : 10;
    const originalPrice = Math.round((minPrice + random() * (maxPrice - minPrice)) / step) * step;
    const banner = BANNERS.find((b) => b.category === spot.root.name);
    let discount = random() < 0.4 ? pick(random, [5, 10, 10, 15, 20, 25, 30, 40]) : 0;
    if (banner && i % 4 === 0) discount = Math.max(discount, banner.offer);
    const outOfStock = i % 13 === 7;
    const pool = images.get(spot.root.name)!;
    const id = newId();
    const createdAt = new Date(now - (total - i) * spacing - Math.floor(random() * 60_000));

    const reviewers = some(random, reviewerIds, 0, 4);
    let stars = 0;
    for (const userId of reviewers) {
      const rating = pick(random, [3, 4, 4, 5, 5, 5, 2]);
      stars += rating;
      reviewRows.push({
        id: newId(),
        productId: id,
        userId,
        stars: rating,
        text: pick(random, REVIEW_TEXTS),
        createdAt: new Date(Math.min(now, createdAt.getTime() + DAY_MS * (1 + random() * 20))),
      });
    }

    // Drawn in the order the product's fields always were, so the catalogue stays the same; variants draw from their own source.
    const description = `${name} from ${spot.leaf[0]} in our ${spot.root.name} collection. ${pick(random, DETAILS[spot.kind])}. Delivered anywhere in Bangladesh, cash on delivery available.`;
    const productImages = some(random, pool, 1, 3);
    const colors = COLOURS[spot.kind] ? some(random, COLOURS[spot.kind]!, 2, 4) : [];
    const sizes = SIZES[spot.kind] ? some(random, SIZES[spot.kind]!, 2, 4) : [];
    const variants = seedVariants({ id, name, originalPrice, discount, sizes, colors }, spot.kind, outOfStock, variantRandom, i);
    variantRows.push(...variants);
    const product = {
      id,
      name,
      description,
      nameBn,
      descriptionBn:
        nameBn &&
        `${nameBn}, আমাদের ${CATEGORY_NAMES_BN[spot.root.name]} সংগ্রহের ${CATEGORY_NAMES_BN[spot.leaf[0]]} থেকে। সারা বাংলাদেশে ডেলিভারি, ক্যাশ অন ডেলিভারিতেও কেনা যায়।`,
      unitBn: UNIT_NAMES_BN[UNIT[spot.kind]] ?? null,
      originalPrice,
      discount,
      price: discountedPrice(originalPrice, discount),
      images: productImages,
      colors,
      sizes,
      details: some(random, DETAILS[spot.kind], 2, 4),
      tags: [spot.root.name.toLowerCase(), spot.leaf[0].toLowerCase(), ...(discount > 0 ? ['offer'] : []), ...(i % 5 === 0 ? ['bestseller'] : [])],
      faqs: FAQS[spot.kind],
      video: i % 31 === 3 ? VIDEOS[Math.floor(i / 31) % VIDEOS.length]! : null,
      unit: UNIT[spot.kind],
      remaining: outOfStock ? 0 : 1 + Math.floor(random() * 200),
      sales: Math.floor(random() ** 2 * 2000),
      rating: reviewers.length > 0 ? Math.round((stars / reviewers.length) * 100) / 100 : 0,
      reviewCount: reviewers.length,
      categoryId: spot.categoryId,
      subCategoryId: spot.subCategoryId,
      subSubCategoryId: spot.subSubCategoryId,
      ownerId: sellerIds[i % sellerIds.length]!,
      createdAt,
      updatedAt: createdAt,
    };
    productRows.push(withVariantFields(product, variants));
    if (productRows.length >= INSERT_BATCH) await flush();
  }
  await flush();
  // Fresh statistics for the planner: PGlite has no autovacuum to gather them, and PostgreSQL's comes later.
  await db.execute(sql`analyze categories, sub_categories, sub_sub_categories, products, product_variants, reviews`);
  return `catalogue: ${TREE.length} categories, ${total} products, sellers ${DEMO_SELLERS.map((s) => s.email).join(' and ')} / ${DEMO_SELLER_PASSWORD}`;
}
