import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { productStatuses } from '../../contract/catalogue-constants';
import type { DeliveryZones } from '../../contract/delivery';
import { cancelCodes, cancelReasons } from '../../contract/orders';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    passwordHash: text('password_hash'),
    role: text('role', { enum: ['user', 'seller', 'admin'] })
      .notNull()
      .default('user'),
    googleId: text('google_id'),
    profileImg: text('profile_img'),
    address: text('address'),
    /** Whether the account's devices get push notifications about its orders (its SMS or email goes either way). */
    orderNotifications: boolean('order_notifications').notNull().default(true),
    /** Whether an admin or seller is told of new orders (email and push) and an admin gets the morning summary. */
    ownerAlerts: boolean('owner_alerts').notNull().default(true),
    /** The language the owner last signed in in: what the shop writes to them in when no request of theirs says. */
    locale: text('locale', { enum: ['en', 'bn'] })
      .notNull()
      .default('en'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_phone_key').on(t.phone),
    uniqueIndex('users_google_id_key').on(t.googleId),
    index('users_name_idx').on(sql`lower(${t.name})`),
    // Before an image is deleted, every column that can name it is searched (server/modules/media/service.ts).
    index('users_profile_img_idx').on(t.profileImg),
  ],
);

/**
 * The devices that have signed in to an account: each holds a random token in an httpOnly cookie, stored here as its
 * SHA-256. A device known to an account still gets its codes when strangers have used up what its address may receive.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tokenHash] }), index('known_devices_last_sign_in_idx').on(t.lastSignInAt)],
);

/** Single-use tokens: the reset session a confirmed reset code opens, stored as SHA-256 hashes. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: text('id').primaryKey(),
    purpose: text('purpose', { enum: ['reset-password'] }).notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('one_time_tokens_hash_key').on(t.tokenHash), index('one_time_tokens_user_idx').on(t.userId)],
);

/**
 * Proofs that whoever acts controls an email or phone: a link or a 4-digit code sent there, for a registration, a
 * password reset or a change of an account's email or phone. Nothing is created, reserved or changed until the proof
 * comes back. Rows also count what each client address asked for (the per-address limits).
 */
export const confirmations = pgTable(
  'confirmations',
  {
    id: text('id').primaryKey(),
    purpose: text('purpose', { enum: ['register', 'reset-password', 'change-email', 'change-phone'] }).notNull(),
    /** Where the message went: an email (lowercased) or an 11-digit phone number. */
    address: text('address').notNull(),
    /** The account concerned; none for a registration, nor for a reset asked for an address with no account. */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the secret that goes with the proof: the emailed link's token, or the token handed to whoever asked for a code. */
    tokenHash: text('token_hash').notNull(),
    /** Keyed hash of the 4-digit code, in the flows that send one. */
    codeHash: text('code_hash'),
    attempts: integer('attempts').notNull().default(0),
    /** A registration's name and password, which become the account's when it is confirmed. */
    name: text('name'),
    passwordHash: text('password_hash'),
    /** The client address that asked. */
    requester: text('requester').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('confirmations_token_key').on(t.tokenHash),
    index('confirmations_requester_idx').on(t.requester, t.createdAt),
    index('confirmations_address_idx').on(t.address, t.purpose),
    index('confirmations_user_idx').on(t.userId),
    index('confirmations_created_idx').on(t.createdAt),
  ],
);

/**
 * A signed-in device: one per sign-in, ended by sign-out, a password reset or change, or a stolen refresh token.
 * Access tokens name their session, so ending it stops them at once.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Opaque refresh tokens of a session, hashed; each use rotates to a new one, and reuse ends the session. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash), index('refresh_tokens_session_idx').on(t.sessionId)],
);

/* ---- Catalogue: categories, banners, logo, products, reviews, wishlists ---- */

const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });
const textList = (name: string) =>
  text(name)
    .array()
    .notNull()
    .default(sql`'{}'::text[]`);

export const categories = pgTable(
  'categories',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** Its name in Bangla, shown on the Bangla storefront; none shows the English one. */
    nameBn: text('name_bn'),
    image: text('image').notNull(),
    createdAt: createdAt(),
  },
  // Unique regardless of case: the listing accepts a category name in any case.
  (t) => [uniqueIndex('categories_name_key').on(sql`lower(${t.name})`)],
);

export const subCategories = pgTable(
  'sub_categories',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** Its name in Bangla, shown on the Bangla storefront; none shows the English one. */
    nameBn: text('name_bn'),
    categoryId: text('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    image: text('image'),
    createdAt: createdAt(),
  },
  (t) => [index('sub_categories_category_idx').on(t.categoryId)],
);

export const subSubCategories = pgTable(
  'sub_sub_categories',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** Its name in Bangla, shown on the Bangla storefront; none shows the English one. */
    nameBn: text('name_bn'),
    categoryId: text('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    subCategoryId: text('sub_category_id')
      .notNull()
      .references(() => subCategories.id, { onDelete: 'cascade' }),
    image: text('image'),
    createdAt: createdAt(),
  },
  (t) => [index('sub_sub_categories_sub_idx').on(t.subCategoryId)],
);

export const banners = pgTable('banners', {
  id: text('id').primaryKey(),
  image: text('image').notNull(),
  offer: integer('offer').notNull().default(0),
  categoryId: text('category_id').references(() => categories.id, { onDelete: 'set null' }),
  /** The banner's place on the home page, 1 first; the banners' positions are always 1..n without gaps. */
  position: integer('position').notNull(),
  createdAt: createdAt(),
});

export const logos = pgTable('logos', {
  id: text('id').primaryKey(),
  url: text('url').notNull(),
  alt: text('alt').notNull(),
  createdAt: createdAt(),
});

export type Faq = { question: string; answer: string };

export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** The name, description, details and unit in Bangla, each optional: the Bangla storefront shows the English one where one is missing. */
    nameBn: text('name_bn'),
    descriptionBn: text('description_bn'),
    detailsBn: textList('details_bn'),
    unitBn: text('unit_bn'),
    originalPrice: money('original_price').notNull(),
    discount: integer('discount').notNull().default(0),
    /** originalPrice × (1 − discount/100), kept by the service so price filters and sorts use an index. */
    price: money('price').notNull(),
    images: textList('images'),
    colors: textList('colors'),
    sizes: textList('sizes'),
    details: textList('details'),
    tags: textList('tags'),
    faqs: jsonb('faqs').$type<Faq[]>().notNull().default([]),
    video: text('video'),
    /** The unit the price is for ('1 kg', '1 pc'): `quantity` in the API. */
    unit: text('unit').notNull().default(''),
    /** Stock: `remainingProducts` in the API. */
    remaining: integer('remaining').notNull().default(0),
    sales: integer('sales').notNull().default(0),
    /** 'draft': seen and edited in the back office only; the storefront, search, sitemap and orders know only 'published'. */
    status: text('status', { enum: productStatuses }).notNull().default('published'),
    /** The SKU of a product without variants (null with variants: each variant has its own), unique with the variants' SKUs. */
    sku: text('sku'),
    rating: numeric('rating', { precision: 3, scale: 2, mode: 'number' }).notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    // Categories in use by products cannot be deleted: the service answers 409 before the database refuses.
    categoryId: text('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    subCategoryId: text('sub_category_id').references(() => subCategories.id, { onDelete: 'restrict' }),
    subSubCategoryId: text('sub_sub_category_id').references(() => subSubCategories.id, { onDelete: 'restrict' }),
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The search keys of the product's words, each marked with its field (`n:` name, `t:` tags, `c:` category,
     * `d:` description), and the starts of up to three letters of its name's, tags' and category's words (`n>sa`):
     * written by server/modules/search/product-keys.ts, which rewrites every product whose search_keys_version is
     * older than its own.
     */
    searchKeys: textList('search_keys'),
    searchKeysVersion: integer('search_keys_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Plain ascending keys: PostgreSQL scans them backwards for the listing's `desc` orders (a `desc` index would sort
    // nulls last and no longer match). Each sort index ends in the listing's tie-breakers, created_at and id.
    index('products_category_created_idx').on(t.categoryId, t.createdAt, t.id),
    index('products_category_price_idx').on(t.categoryId, t.price),
    index('products_sub_category_created_idx').on(t.subCategoryId, t.createdAt, t.id),
    index('products_sub_sub_category_created_idx').on(t.subSubCategoryId, t.createdAt, t.id),
    // The price sorts walk this index or products_category_price_idx, sorting only each run of equal prices by the
    // tie-breakers (an incremental sort), so they need no index of their own.
    index('products_price_idx').on(t.price),
    index('products_created_idx').on(t.createdAt, t.id),
    index('products_sales_idx').on(t.sales, t.createdAt, t.id),
    index('products_rating_idx').on(t.rating, t.reviewCount, t.createdAt, t.id),
    index('products_discount_idx').on(t.discount, t.createdAt, t.id),
    index('products_owner_idx').on(t.ownerId),
    index('products_images_idx').using('gin', t.images),
    // Searches (`ILIKE '%word%'`) look words up by their trigrams; product_search_text is created by a migration.
    index('products_search_idx').using('gin', sql`product_search_text(${t.name}, ${t.description}, ${t.tags}) gin_trgm_ops`),
    // The listing's search: `search_keys && array[…]` is a lookup in this index. A migration keeps the keys in the row
    // (STORAGE MAIN), samples 10,000 of them for the planner and bounds the index's pending list to 256 kB.
    index('products_search_keys_idx').using('gin', t.searchKeys),
    index('products_search_keys_version_idx').on(t.searchKeysVersion),
    // Like a variant's, whatever its case; across products and variants the service keeps SKUs apart (modules/products/skus.ts).
    uniqueIndex('products_sku_key').on(sql`lower(${t.sku})`),
    check('products_discount_range', sql`${t.discount} between 0 and 100`),
    check('products_remaining_nonnegative', sql`${t.remaining} >= 0`),
    check('products_status_known', sql`${t.status} in ('published', 'draft')`),
  ],
);

/**
 * A product's variants: each a combination of its options (a size, a colour or both) with its own SKU, price and
 * stock. A product with variants keeps in its own columns what the listing filters and sorts by: the price, original
 * price and discount of its cheapest variant, the variants' sizes and colours, and their stock summed — written by
 * the service in the transaction that changes the variants or their stock.
 */
export const productVariants = pgTable(
  'product_variants',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Its place among the product's variants, 0 first. */
    position: integer('position').notNull(),
    sku: text('sku').notNull(),
    size: text('size'),
    color: text('color'),
    originalPrice: money('original_price').notNull(),
    discount: integer('discount').notNull().default(0),
    /** originalPrice × (1 − discount/100), kept by the service. */
    price: money('price').notNull(),
    remaining: integer('remaining').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    // The shop has one catalogue: an SKU names one variant in all of it, whatever its case (nor is it a product's SKU).
    uniqueIndex('product_variants_sku_key').on(sql`lower(${t.sku})`),
    uniqueIndex('product_variants_product_position_key').on(t.productId, t.position),
    uniqueIndex('product_variants_product_options_key').on(t.productId, sql`lower(coalesce(${t.size}, ''))`, sql`lower(coalesce(${t.color}, ''))`),
    index('product_variants_remaining_idx').on(t.remaining),
    check('product_variants_discount_range', sql`${t.discount} between 0 and 100`),
    check('product_variants_remaining_nonnegative', sql`${t.remaining} >= 0`),
    check('product_variants_price_positive', sql`${t.originalPrice} > 0`),
    check('product_variants_has_option', sql`${t.size} is not null or ${t.color} is not null`),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stars: integer('stars').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reviews_product_user_key').on(t.productId, t.userId),
    index('reviews_user_idx').on(t.userId),
    check('reviews_stars_range', sql`${t.stars} between 1 and 5`),
  ],
);

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] }), index('wishlist_items_product_idx').on(t.productId)],
);

/** A customer's delivery addresses (at most `ADDRESSES_MAX`); one of them, when they have any, is the default. */
export const addresses = pgTable(
  'addresses',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    division: text('division').notNull(),
    district: text('district').notNull(),
    city: text('city').notNull(),
    addressDetails: text('address_details').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('addresses_one_default_key')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

/* ---- Orders, coupons, delivery fees, payments, refunds ---- */

/** The one row of delivery zones (`DeliveryZones`, validated by its schema before it is written). */
export const deliveryZones = pgTable('delivery_zones', {
  id: text('id').primaryKey(),
  zones: jsonb('zones').$type<DeliveryZones>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const coupons = pgTable(
  'coupons',
  {
    id: text('id').primaryKey(),
    code: text('code').notNull(),
    kind: text('kind', { enum: ['percent', 'fixed'] }).notNull(),
    /** Percent off the items, or taka off the items. */
    value: money('value').notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validTo: timestamp('valid_to', { withTimezone: true }),
    /** Uses in all, by every customer; null: unlimited. */
    usageLimit: integer('usage_limit'),
    usedCount: integer('used_count').notNull().default(0),
    /** Orders one customer may place with it (cancelled ones do not count); null: unlimited. */
    perCustomerLimit: integer('per_customer_limit'),
    /** The items' total (before delivery) an order needs for it to apply, in taka; null: any order. */
    minOrder: money('min_order'),
    createdAt: createdAt(),
  },
  (t) => [
    // Shoppers type codes in any case.
    uniqueIndex('coupons_code_key').on(sql`lower(${t.code})`),
    check('coupons_value_range', sql`${t.value} > 0 and (${t.kind} = 'fixed' or ${t.value} <= 100)`),
    check('coupons_usage_within_limit', sql`${t.usageLimit} is null or ${t.usedCount} <= ${t.usageLimit}`),
    check('coupons_per_customer_limit_positive', sql`${t.perCustomerLimit} is null or ${t.perCustomerLimit} > 0`),
    check('coupons_min_order_positive', sql`${t.minOrder} is null or ${t.minOrder} > 0`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    // Orders are records of sales: they outlive a deleted account, keeping the customer's name and contact.
    customerId: text('customer_id').references(() => users.id, { onDelete: 'set null' }),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email'),
    phone: text('phone').notNull(),
    status: text('status', { enum: ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] })
      .notNull()
      .default('pending'),
    paymentStatus: text('payment_status', { enum: ['unpaid', 'paid', 'refunded'] })
      .notNull()
      .default('unpaid'),
    paymentMethod: text('payment_method', { enum: ['cash', 'mobile-banking', 'ssl'] }).notNull(),
    /** Why a cancelled order was cancelled; null while it is not. */
    cancelReason: text('cancel_reason', { enum: cancelReasons }),
    /** The reason the customer or the admin picked when cancelling (customerCancelCodes, shopCancelCodes); null for the shop's own cancellations. */
    cancelCode: text('cancel_code', { enum: cancelCodes }),
    /** What the one who cancelled wrote beside the reason. */
    cancelNote: text('cancel_note'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** When the order was delivered; its return window counts from then. Null until it is. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** A cash order's confirmation: awaiting its SMS code or the shop's call, then confirmed; null when it needs none. */
    cashConfirmation: text('cash_confirmation', { enum: ['awaiting', 'confirmed'] }),
    /** The code sent last, keyed-hashed with the order id (hashOtp); null once confirmed. */
    confirmCodeHash: text('confirm_code_hash'),
    /** Wrong codes tried against the code sent last. */
    confirmCodeTries: integer('confirm_code_tries').notNull().default(0),
    /** Codes sent for the order, and when the last one was. */
    confirmCodesSent: integer('confirm_codes_sent').notNull().default(0),
    confirmCodeSentAt: timestamp('confirm_code_sent_at', { withTimezone: true }),
    /** The language the customer shopped in: every message about the order is written in it. */
    locale: text('locale', { enum: ['en', 'bn'] })
      .notNull()
      .default('en'),
    paymentNumber: text('payment_number'),
    subTotal: money('sub_total').notNull(),
    discount: money('discount').notNull().default(0),
    deliveryFee: money('delivery_fee').notNull(),
    totalPrice: money('total_price').notNull(),
    couponId: text('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    couponCode: text('coupon_code'),
    division: text('division').notNull(),
    district: text('district').notNull(),
    city: text('city').notNull(),
    addressDetails: text('address_details').notNull(),
    /** The payment gateway's tran_id (mobile banking); null for cash. */
    transactionId: text('transaction_id'),
    /** The courier the parcel went with: one the shop books through (`COURIER_PROVIDER`), or `other`, typed in by hand. */
    courierProvider: text('courier_provider', { enum: ['sandbox', 'steadfast', 'pathao', 'redx', 'other'] }),
    /** The courier's name as the customer is shown it. */
    courierName: text('courier_name'),
    /** The courier's id of the parcel, which its webhooks name; null for another courier. */
    consignmentId: text('consignment_id'),
    trackingCode: text('tracking_code'),
    /** The courier's tracking page for the parcel, when it has one. */
    trackingUrl: text('tracking_url'),
    /** While a booking is under way: no second booking starts until it ends or, its process gone, a while has passed. */
    courierBookingAt: timestamp('courier_booking_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_customer_created_idx').on(t.customerId, t.createdAt, t.id),
    // The admin's order queue and the dashboard's periods read newest first, optionally of one status.
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_status_created_idx').on(t.status, t.createdAt, t.id),
    // The admin's search finds an order by its number, the id's last 6 characters.
    index('orders_number_idx').on(sql`right(${t.id}, 6)`),
    // The release of unpaid online orders looks for the oldest pending unpaid ones.
    index('orders_unpaid_created_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending' and ${t.paymentStatus} = 'unpaid'`),
    uniqueIndex('orders_transaction_id_key').on(t.transactionId),
    // A number's delivered orders and unconfirmed cash orders are counted when it orders cash.
    index('orders_phone_status_idx').on(t.phone, t.status),
    // The release of unconfirmed cash orders looks for the oldest awaiting ones.
    index('orders_unconfirmed_created_idx')
      .on(t.createdAt)
      .where(sql`${t.cashConfirmation} = 'awaiting'`),
    // A courier's webhook names its parcel by the courier's id.
    uniqueIndex('orders_consignment_key').on(t.courierProvider, t.consignmentId),
    // The total is the items less the discount plus delivery, to whole taka; orders placed before totals were rounded carry the exact sum.
    check(
      'orders_total_consistent',
      sql`${t.totalPrice} in (round(${t.subTotal} - ${t.discount} + ${t.deliveryFee}), ${t.subTotal} - ${t.discount} + ${t.deliveryFee})`,
    ),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    // The line keeps its own copy of name and image: the order shows what was bought even after the product changes.
    productId: text('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** The variant bought, if the product has variants; its size and colour are copied into the line. */
    variantId: text('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    /** The product's Bangla name when bought, if it had one: a Bangla order's invoice and messages name the line by it. */
    productNameBn: text('product_name_bn'),
    image: text('image'),
    quantity: integer('quantity').notNull(),
    size: text('size'),
    color: text('color'),
    unitPrice: money('unit_price').notNull(),
    subTotal: money('sub_total').notNull(),
  },
  (t) => [
    uniqueIndex('order_items_order_position_key').on(t.orderId, t.position),
    index('order_items_product_idx').on(t.productId),
    index('order_items_variant_idx').on(t.variantId),
    index('order_items_image_idx').on(t.image),
    check('order_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** Idempotency-Key of an order placement: a retry with the same key and body answers the order it created. */
export const orderRequests = pgTable(
  'order_requests',
  {
    customerId: text('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    orderId: text('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.key] })],
);

/**
 * An online order's gateway payments, one per try ("Pay now" starts another); `tran_id` is what the gateway calls each.
 * Every try stays the order's: a success on any of them pays it, once.
 */
export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    tranId: text('tran_id').notNull(),
    provider: text('provider', { enum: ['sandbox', 'sslcommerz'] }).notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull().default('BDT'),
    status: text('status', { enum: ['initiated', 'valid', 'failed', 'cancelled'] })
      .notNull()
      .default('initiated'),
    sessionKey: text('session_key'),
    gatewayUrl: text('gateway_url'),
    valId: text('val_id'),
    bankTranId: text('bank_tran_id'),
    validatedAt: timestamp('validated_at', { withTimezone: true }),
    /**
     * A success on a try after another try had paid the order (or after its payment was given back): the order keeps
     * one payment, and this one goes back through the gateway in full.
     */
    surplus: boolean('surplus').notNull().default(false),
    /** A payment for an order cancelled before it arrived, or a surplus one, goes back at once: the gateway's refund reference. */
    refundRefId: text('refund_ref_id'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payments_tran_id_key').on(t.tranId), index('payments_order_idx').on(t.orderId, t.createdAt)],
);

export const refunds = pgTable(
  'refunds',
  {
    id: text('id').primaryKey(),
    // One refund request per order: a second request is a conflict, not a second payout.
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    refundMethod: text('refund_method', { enum: ['bkash', 'nagad', 'rocket'] }).notNull(),
    refundNumber: text('refund_number').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'refunded', 'rejected'] })
      .notNull()
      .default('pending'),
    amount: money('amount').notNull(),
    /** The gateway's refund reference, when the money went back through the gateway. */
    gatewayRefundId: text('gateway_refund_id'),
    /** How an approved refund was paid: back through the gateway, or sent by hand to the refund number. */
    payout: text('payout', { enum: ['gateway', 'manual'] }),
    /** The transfer's reference (bKash, Nagad or Rocket TrxID) of a refund sent by hand. */
    manualReference: text('manual_reference'),
    /** Why an admin rejected the request; shown to the customer. */
    rejectReason: text('reject_reason'),
    /** The admin who approved or rejected it, and when. */
    settledBy: text('settled_by').references(() => users.id, { onDelete: 'set null' }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refunds_order_key').on(t.orderId),
    index('refunds_created_idx').on(t.createdAt, t.id),
    index('refunds_status_created_idx').on(t.status, t.createdAt, t.id),
  ],
);

/**
 * A customer's return of a delivered order: the lines and units sent back, why, and each step — the shop's decision,
 * the parcel back (its stock returned once, `received_at`), the money paid back (through the gateway or by hand to the
 * refund number). One return per order.
 */
export const returns = pgTable(
  'returns',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['requested', 'approved', 'rejected', 'received', 'refunded'] })
      .notNull()
      .default('requested'),
    reason: text('reason', { enum: ['damaged', 'wrong-item', 'wrong-size', 'not-as-described', 'changed-mind', 'other'] }).notNull(),
    note: text('note'),
    /** What it pays back (returnRefundAmount), fixed when asked. */
    amount: money('amount').notNull(),
    /** Where a cash or mobile-banking order is paid back; null for a card payment, which goes back through the gateway. */
    refundMethod: text('refund_method', { enum: ['bkash', 'nagad', 'rocket'] }),
    refundNumber: text('refund_number'),
    /** How the parcel comes back, chosen when approved. */
    pickup: text('pickup', { enum: ['courier', 'drop-off'] }),
    rejectReason: text('reject_reason'),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** When the parcel came back and its stock was returned; by an admin (`received_by`) or the courier (null). */
    receivedAt: timestamp('received_at', { withTimezone: true }),
    receivedBy: text('received_by').references(() => users.id, { onDelete: 'set null' }),
    payout: text('payout', { enum: ['gateway', 'manual'] }),
    gatewayRefundId: text('gateway_refund_id'),
    manualReference: text('manual_reference'),
    refundedBy: text('refunded_by').references(() => users.id, { onDelete: 'set null' }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('returns_order_key').on(t.orderId),
    index('returns_status_created_idx').on(t.status, t.createdAt, t.id),
    index('returns_decided_by_idx').on(t.decidedBy),
    index('returns_received_by_idx').on(t.receivedBy),
    index('returns_refunded_by_idx').on(t.refundedBy),
    check('returns_amount_not_negative', sql`${t.amount} >= 0`),
  ],
);

/** The units of each order line a return sends back. */
export const returnItems = pgTable(
  'return_items',
  {
    returnId: text('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    orderItemId: text('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.returnId, t.orderItemId] }),
    index('return_items_order_item_idx').on(t.orderItemId),
    check('return_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/**
 * An order's history: every change of its status, of its payment or of its cash confirmation, when and by whom. `actor` says who acted —
 * the customer, an admin, the payment gateway or the shop itself (the housekeeping); `actorId` names the account
 * when a person acted.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['status', 'payment', 'confirmation', 'return'] }).notNull(),
    /** The value before; null for the order's placing. */
    fromValue: text('from_value'),
    toValue: text('to_value').notNull(),
    actor: text('actor', { enum: ['customer', 'admin', 'gateway', 'courier', 'system'] }).notNull(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('order_events_order_created_idx').on(t.orderId, t.createdAt, t.id), index('order_events_actor_idx').on(t.actorId)],
);

/** The back office's internal notes on an order; never shown to the customer. */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('order_notes_order_created_idx').on(t.orderId, t.createdAt, t.id), index('order_notes_author_idx').on(t.authorId)],
);

/**
 * Where an order's parcel has been, as its courier reported it (booking, webhooks, status reads): one row per status
 * and order, so an update the courier sends again, or late, is recorded and applied once.
 */
export const parcelEvents = pgTable(
  'parcel_events',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['booked', 'picked-up', 'in-transit', 'out-for-delivery', 'on-hold', 'delivered', 'returned'] }).notNull(),
    /** The courier's own word for it, as it sent it. */
    courierStatus: text('courier_status').notNull(),
    /** When the courier says it happened; the timeline is read in this order, whatever order the updates came in. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('parcel_events_order_status_key').on(t.orderId, t.status)],
);

/**
 * The built-in sandbox courier's parcels (COURIER_PROVIDER=sandbox): what a real courier would keep of a booking.
 * `booked` until the sandbox delivers it or returns it to the shop.
 */
export const sandboxParcels = pgTable('sandbox_parcels', {
  consignmentId: text('consignment_id').primaryKey(),
  trackingCode: text('tracking_code').notNull().unique(),
  invoice: text('invoice').notNull().unique(),
  recipientName: text('recipient_name').notNull(),
  recipientPhone: text('recipient_phone').notNull(),
  recipientAddress: text('recipient_address').notNull(),
  codAmount: money('cod_amount').notNull(),
  status: text('status', { enum: ['booked', 'delivered', 'returned'] })
    .notNull()
    .default('booked'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The customer's messages about their orders, written in the transaction of the change they tell of and sent after
 * its commit (`server/modules/notifications/`). A message is rendered when written, so it says what was true then.
 * `queued` until a provider takes it, due at `nextAttemptAt` (a failure moves it to the next retry; after the last it
 * is `failed`); a sender claims it until `claimedUntil`, so no other sender takes it meanwhile and one whose process
 * stopped mid-send is taken again after that.
 */
export const customerMessages = pgTable(
  'customer_messages',
  {
    id: text('id').primaryKey(),
    /** The order it is about; null for the morning summary, which is about the whole shop. */
    orderId: text('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    /** Which message of `ORDER_MESSAGES` it is, or an owner's alert (`OWNER_ALERT_KINDS`). */
    kind: text('kind').notNull(),
    channel: text('channel', { enum: ['email', 'sms', 'push'] }).notNull(),
    /** An email address, a phone number, or for a push the user id: it goes to every device that user subscribed. */
    recipient: text('recipient').notNull(),
    /** An email's subject, a push's title; null for an SMS. */
    subject: text('subject'),
    /** The text; for a push, the JSON payload the service worker shows. */
    body: text('body').notNull(),
    status: text('status', { enum: ['queued', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    /** Hand-overs to the provider begun so far. */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    /** By the database's clock, which every process shares. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** Why the last attempt failed. */
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('customer_messages_due_idx').on(t.status, t.nextAttemptAt),
    index('customer_messages_created_idx').on(t.createdAt),
    index('customer_messages_order_idx').on(t.orderId),
    // An owner is told of an order once on each channel, whatever retries the change that told them.
    uniqueIndex('customer_messages_owner_alert_key')
      .on(t.orderId, t.kind, t.channel, t.recipient)
      .where(sql`${t.kind} = 'owner-new-order'`),
  ],
);

/** The Dhaka days whose morning summary was sent: the first process to insert a day's row sends it, no other. */
export const morningSummaries = pgTable('morning_summaries', {
  day: text('day').primaryKey(),
  createdAt: createdAt(),
});

/**
 * Browsers that receive the user's push notifications, one row per device (its endpoint). The endpoint belongs to the
 * account that subscribed it until that account signs out on the device or unsubscribes it; only then may another take it.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and its authentication secret (base64url), the payload's encryption keys. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);

/** The built-in sandbox gateway's own records (PAYMENT_PROVIDER=sandbox): what SSLCommerz keeps on its side. */
export const sandboxTransactions = pgTable(
  'sandbox_transactions',
  {
    sessionKey: text('session_key').primaryKey(),
    storeId: text('store_id').notNull(),
    tranId: text('tran_id').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    productName: text('product_name').notNull(),
    customerName: text('customer_name').notNull(),
    successUrl: text('success_url').notNull(),
    failUrl: text('fail_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    ipnUrl: text('ipn_url'),
    /** value_a … value_d, passed back untouched in every callback. */
    passThrough: jsonb('pass_through').$type<Record<string, string>>().notNull().default({}),
    status: text('status', { enum: ['open', 'paid', 'failed', 'cancelled'] })
      .notNull()
      .default('open'),
    valId: text('val_id').notNull(),
    bankTranId: text('bank_tran_id').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    refundRefId: text('refund_ref_id'),
    refundReference: text('refund_reference'),
    refundedAmount: money('refunded_amount'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sandbox_transactions_val_id_key').on(t.valId),
    uniqueIndex('sandbox_transactions_bank_tran_id_key').on(t.bankTranId),
    index('sandbox_transactions_tran_id_idx').on(t.tranId),
  ],
);

/**
 * Shoppers' web vitals, aggregated as they arrive (`server/modules/observability/`): one row per Dhaka day, page (a
 * route pattern), connection type and metric, holding a fixed-bucket histogram of the values (`buckets[i]` counts the
 * samples in bucket i of the metric's scale). No single sample is kept; days older than the kept window are deleted.
 */
export const clientVitals = pgTable(
  'client_vitals',
  {
    day: date('day', { mode: 'string' }).notNull(),
    route: text('route').notNull(),
    connection: text('connection').notNull(),
    metric: text('metric').notNull(),
    buckets: integer('buckets').array().notNull(),
    samples: integer('samples').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.route, t.connection, t.metric] })],
);

/**
 * Periodic work shared by every server process (the orders' housekeeping, pruning): a process runs a round only after
 * claiming it here, so each round runs once across all of them. `leaseUntil` is set while a round runs and renewed by
 * its holder; a holder that died leaves a lease that expires, and the next process to look takes over.
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  holder: text('holder'),
  /** Rounds started, ever: what an operator (and the multi-process test) reads to see it ran once per interval. */
  runs: integer('runs').notNull().default(0),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
});

/** Per-client request counts of the rate-limited routes, shared by every process on PostgreSQL without Redis. */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/**
 * Secrets the shop makes for itself when they are not configured (the access tokens' signing secret `jwt`, the Web
 * Push key pair `vapid` as JSON): the first process to start writes each one, every process reads it, so all the
 * processes on one database sign and verify alike.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name', { enum: ['jwt', 'vapid'] }).primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/**
 * The words published products are found by (the keys of their names, tags and categories), each once and no other:
 * a word's start is a range of this index, and a typed word's typos are found through search_term_variants. Kept
 * exact in the transaction that writes a product's keys or deletes products (server/modules/search/product-keys.ts).
 */
export const searchTerms = pgTable('search_terms', { term: text('term').primaryKey() }, (t) => [
  index('search_terms_prefix_idx').using('btree', t.term.op('text_pattern_ops')),
]);

/** Each search term with letters left out (contract/search.ts deletionVariants): two words within their typos share one. */
export const searchTermVariants = pgTable(
  'search_term_variants',
  {
    variant: text('variant').notNull(),
    term: text('term')
      .notNull()
      .references(() => searchTerms.term, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.variant, t.term] })],
);

/**
 * The shop's words: each entry a group of words that mean the same to a shopper (চাল, chal, rice), in any script;
 * `keys` are their search keys, so a query word that is one of them is searched as all of them.
 */
export const shopWords = pgTable(
  'shop_words',
  {
    id: text('id').primaryKey(),
    words: textList('words'),
    keys: textList('keys'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shop_words_keys_idx').using('gin', t.keys)],
);
