import { count, eq, inArray, sql } from 'drizzle-orm';
import { discountedPrice, optionValues } from '../../contract/catalogue';
import { hashPassword } from '../modules/auth/secrets';
import type { Db } from '../db/client';
import type { MediaStorage } from '../modules/media/storage';
import { newId } from '../db/ids';
import { banners, categories, logos, products, productVariants, reviews, subCategories, subSubCategories, users, type Faq } from '../db/schema';
import { CATEGORY_NAMES_BN, EDITION_NAMES_BN, PRODUCT_NAMES_BN, UNIT_NAMES_BN } from './bangla-names';
import { bannerPicture, categoryPicture, LOGO_NAME, logoPicture, productPicture, randomSource } from './catalogue-images';

/* ---------- the demo catalogue ---------- */

type Kind = 'apparel' | 'footwear' | 'gadget' | 'grocery' | 'home' | 'beauty' | 'sport' | 'book' | 'kids';

/** A sub-sub-category: its name, the product names drawn for it, and its price range in taka. */
type Leaf = [name: string, productNames: string[], price: [min: number, max: number]];
type Branch = { name: string; kind?: Kind; leaves: Leaf[] };
type Root = { name: string; hue: number; kind: Kind; branches: Branch[] };

const TREE: Root[] = [
  {
    name: 'Fashion',
    hue: 340,
    kind: 'apparel',
    branches: [
      {
        name: "Women's Clothing",
        leaves: [
          ['Sarees', ['জামদানি শাড়ি', 'Tangail Cotton Saree', 'Rajshahi Silk Saree', 'Katan Benarasi Saree'], [1200, 9500]],
          ['Salwar Kameez', ['Embroidered Three-Piece', 'Cotton Salwar Kameez', 'Georgette Party Three-Piece'], [900, 4500]],
          ['Kurtis', ['Block Print Kurti', 'Linen Kurti', 'Khadi Kurti'], [450, 1800]],
        ],
      },
      {
        name: "Men's Clothing",
        leaves: [
          ['Panjabi', ['Eid Cotton Panjabi', 'Silk Panjabi', 'পাঞ্জাবি — হাতের কাজ'], [900, 5500]],
          ['Shirts', ['Oxford Cotton Shirt', 'Check Casual Shirt', 'Formal Slim-Fit Shirt'], [650, 2200]],
          ['Lungi', ['Pabna Check Lungi', 'Sirajganj Cotton Lungi'], [350, 950]],
        ],
      },
      {
        name: 'Footwear',
        kind: 'footwear',
        leaves: [
          ['Sandals', ['Leather Kolhapuri Sandal', 'Everyday Comfort Sandal'], [450, 2400]],
          ['Sneakers', ['Canvas Sneakers', 'Running Shoes'], [1400, 5200]],
        ],
      },
    ],
  },
  {
    name: 'Electronics',
    hue: 210,
    kind: 'gadget',
    branches: [
      {
        name: 'Mobile Phones',
        leaves: [
          ['Smartphones', ['Android Smartphone 4/64 GB', 'Android Smartphone 8/128 GB', '5G Smartphone 8/256 GB'], [7500, 9500]],
          ['Feature Phones', ['Dual-SIM Feature Phone', 'Big-Battery Button Phone'], [1200, 2600]],
        ],
      },
      {
        name: 'Accessories',
        leaves: [
          ['Chargers & Cables', ['20W Fast Charger', 'USB-C Braided Cable', 'Car Charger Dual Port'], [250, 1500]],
          ['Power Banks', ['10000 mAh Power Bank', '20000 mAh Power Bank'], [1100, 3200]],
          ['Earphones', ['Wireless Earbuds', 'Neckband Earphones', 'Wired Earphones with Mic'], [350, 3500]],
        ],
      },
      {
        name: 'Computers',
        leaves: [
          ['Keyboards & Mice', ['Wireless Keyboard & Mouse Combo', 'Bangla-English Keyboard', 'Silent Optical Mouse'], [450, 2800]],
          ['Storage', ['64 GB Pen Drive', '1 TB Portable Hard Disk', '128 GB microSD Card'], [550, 7500]],
        ],
      },
    ],
  },
  {
    name: 'Groceries',
    hue: 100,
    kind: 'grocery',
    branches: [
      {
        name: 'Rice & Pulses',
        leaves: [
          ['Rice', ['Chinigura Aromatic Rice', 'Miniket Rice', 'Najirshail Rice'], [90, 1500]],
          ['Dal', ['Masoor Dal (Deshi)', 'Moong Dal', 'Chola Boot'], [120, 600]],
        ],
      },
      {
        name: 'Spices',
        leaves: [
          ['Ground Spices', ['Turmeric Powder', 'Chilli Powder', 'Coriander Powder'], [60, 450]],
          ['Whole Spices', ['Cardamom (Elach)', 'Cinnamon Sticks', 'Black Pepper'], [120, 1200]],
        ],
      },
      {
        name: 'Tea & Snacks',
        leaves: [
          ['Tea', ['Sylhet Premium Tea', 'Green Tea Leaves', 'চা পাতা — শ্রীমঙ্গল'], [150, 900]],
          ['Biscuits & Chanachur', ['Spicy Chanachur', 'Butter Cookies', 'Dry Cake (Bakarkhani)'], [50, 400]],
        ],
      },
      {
        name: 'Oils & Honey',
        leaves: [
          ['Mustard Oil', ['Ghani-Pressed Mustard Oil', 'Pure Mustard Oil'], [220, 1300]],
          ['Honey', ['Sundarbans Natural Honey', 'Mustard Flower Honey'], [450, 1600]],
        ],
      },
    ],
  },
  {
    name: 'Home & Kitchen',
    hue: 30,
    kind: 'home',
    branches: [
      {
        name: 'Cookware',
        leaves: [
          ['Pressure Cookers', ['5 L Pressure Cooker', '3 L Induction Pressure Cooker'], [1800, 4200]],
          ['Pans & Pots', ['Non-Stick Fry Pan', 'Aluminium Deg Set', 'Cast Iron Tawa'], [600, 3600]],
        ],
      },
      {
        name: 'Kitchen Appliances',
        leaves: [
          ['Blenders', ['3-Jar Blender Grinder', 'Hand Blender'], [1500, 6500]],
          ['Rice Cookers', ['1.8 L Rice Cooker', 'Multi Cooker 2.8 L'], [2200, 5800]],
        ],
      },
      {
        name: 'Home Decor',
        leaves: [
          ['Nakshi Kantha', ['নকশি কাঁথা', 'Hand-Stitched Nakshi Kantha Throw'], [1800, 8500]],
          ['Bed Sheets', ['Cotton King Bed Sheet Set', 'Printed Double Bed Sheet'], [950, 3200]],
          ['Lamps', ['Bamboo Table Lamp', 'Rechargeable LED Lamp'], [450, 2400]],
        ],
      },
    ],
  },
  {
    name: 'Beauty',
    hue: 300,
    kind: 'beauty',
    branches: [
      {
        name: 'Skin Care',
        leaves: [
          ['Face Wash', ['Neem Face Wash', 'Brightening Face Wash'], [180, 750]],
          ['Moisturisers', ['Aloe Vera Gel', 'Daily Moisturising Cream', 'Sunscreen SPF 50'], [250, 1600]],
        ],
      },
      {
        name: 'Hair Care',
        leaves: [
          ['Hair Oil', ['Coconut Hair Oil', 'Amla Hair Oil', 'Onion Hair Oil'], [150, 850]],
          ['Shampoo', ['Herbal Shampoo', 'Anti-Dandruff Shampoo'], [220, 950]],
        ],
      },
      {
        name: 'Fragrance',
        leaves: [
          ['Attar', ['Oud Attar', 'Rose Attar', 'আতর — মেশক আম্বর'], [300, 2500]],
          ['Perfume', ['Eau de Parfum 100 ml', 'Body Spray'], [350, 4800]],
        ],
      },
    ],
  },
  {
    name: 'Sports',
    hue: 160,
    kind: 'sport',
    branches: [
      {
        name: 'Cricket',
        leaves: [
          ['Bats', ['Kashmir Willow Bat', 'English Willow Bat', 'Tape-Ball Bat'], [900, 9200]],
          ['Balls', ['Leather Cricket Ball', 'Tennis Tape Ball (6 pcs)'], [150, 1200]],
        ],
      },
      {
        name: 'Football',
        leaves: [
          ['Footballs', ['Size 5 Match Football', 'Training Football'], [650, 2800]],
          ['Jerseys', ['Bangladesh Team Jersey', 'Club Fan Jersey'], [450, 1600]],
        ],
      },
      {
        name: 'Fitness',
        leaves: [
          ['Yoga Mats', ['6 mm Yoga Mat', 'Anti-Slip Exercise Mat'], [700, 2200]],
          ['Dumbbells', ['Adjustable Dumbbell Set', 'Vinyl Dumbbells (pair)'], [900, 6500]],
        ],
      },
    ],
  },
  {
    name: 'Books',
    hue: 45,
    kind: 'book',
    branches: [
      {
        name: 'Fiction',
        leaves: [
          ['Bangla Novels', ['দেবদাস', 'পথের পাঁচালী', 'হাজার বছর ধরে'], [180, 650]],
          ['English Fiction', ['Classic Short Stories', 'Modern Mystery Novel', 'Collected Poems'], [350, 1400]],
        ],
      },
      {
        name: 'Education',
        leaves: [
          ['SSC & HSC Guides', ['HSC Physics Guide', 'SSC Mathematics Test Papers', 'HSC ICT Guide'], [250, 900]],
          ['Admission Prep', ['University Admission Question Bank', 'Medical Admission Guide'], [400, 1200]],
        ],
      },
      {
        name: "Children's Books",
        leaves: [
          ['Picture Books', ['ছোটদের ছবির বই', 'Animals Picture Book'], [120, 550]],
          ['Rhymes', ['Bangla Chhora Collection', 'English Nursery Rhymes'], [100, 450]],
        ],
      },
    ],
  },
  {
    name: 'Baby & Kids',
    hue: 190,
    kind: 'kids',
    branches: [
      {
        name: 'Baby Care',
        leaves: [
          ['Diapers', ['Baby Diaper Belt System (M, 40 pcs)', 'Pant Diaper (L, 36 pcs)'], [650, 1900]],
          ['Baby Lotion & Oil', ['Baby Massage Oil', 'Gentle Baby Lotion'], [220, 850]],
        ],
      },
      {
        name: 'Toys',
        leaves: [
          ['Educational Toys', ['Bangla Alphabet Puzzle', 'Wooden Building Blocks', 'Counting Abacus'], [250, 1800]],
          ['Soft Toys', ['Teddy Bear (Large)', 'Plush Elephant'], [350, 2200]],
        ],
      },
      {
        name: 'Kids Clothing',
        kind: 'apparel',
        leaves: [
          ['Frocks', ['Cotton Party Frock', 'Summer Frock'], [450, 1800]],
          ['Kids Panjabi', ['Kids Eid Panjabi', 'Kids Cotton Panjabi Set'], [550, 1900]],
        ],
      },
    ],
  },
];

/** Only colour names the product page knows how to paint (its named colour map), so every swatch has a colour. */
const COLOURS: Partial<Record<Kind, string[]>> = {
  apparel: ['red', 'blue', 'green', 'maroon', 'navy', 'black', 'white', 'cream', 'pink', 'purple', 'olive', 'gold'],
  footwear: ['black', 'brown', 'beige', 'white', 'navy', 'khaki'],
  gadget: ['black', 'white', 'silver', 'blue', 'gray'],
  home: ['silver', 'black', 'red', 'brown', 'beige'],
  sport: ['red', 'green', 'blue', 'yellow', 'orange', 'black'],
  kids: ['pink', 'yellow', 'blue', 'green', 'orange', 'purple'],
};
const SIZES: Partial<Record<Kind, string[]>> = {
  apparel: ['S', 'M', 'L', 'XL', 'XXL'],
  footwear: ['38', '39', '40', '41', '42', '43', '44'],
  grocery: ['500 g', '1 kg', '2 kg', '5 kg'],
  beauty: ['50 ml', '100 ml', '200 ml'],
  sport: ['S', 'M', 'L', 'XL'],
};
const UNIT: Record<Kind, string> = {
  apparel: '1 pc',
  footwear: '1 pair',
  gadget: '1 pc',
  grocery: '1 kg',
  home: '1 pc',
  beauty: '1 bottle',
  sport: '1 pc',
  book: '1 copy',
  kids: '1 pack',
};
const DETAILS: Record<Kind, string[]> = {
  apparel: ['100% cotton, breathable for hot days', 'Hand finished by artisans in Bangladesh', 'Machine wash cold, dry in shade', 'Colour may vary slightly from the photo'],
  footwear: ['Cushioned insole for all-day wear', 'Anti-slip rubber sole', 'Wipe clean with a damp cloth'],
  gadget: ['1 year official warranty', 'Original product with serial number', 'Box contents: device, cable, manual'],
  grocery: ['Sourced directly from farmers', 'Packed in a food-grade sealed pouch', 'Store in a cool and dry place', 'Best before 12 months from packing'],
  home: ['Sturdy build for daily use', 'Easy to clean', '6 months replacement warranty'],
  beauty: ['Dermatologically tested', 'No parabens added', 'For external use only'],
  sport: ['Match-grade quality', 'Suitable for beginners and club players', 'Lightweight and durable'],
  book: ['Paperback, printed in Bangladesh', 'Clear print on offset paper', 'Ideal as a gift'],
  kids: ['Child-safe materials', 'Soft on sensitive skin', 'Recommended for ages 1 and up'],
};
const FAQS: Record<Kind, Faq[]> = {
  apparel: [
    { question: 'Does the colour fade after washing?', answer: 'No. The fabric is colour-fast; wash it in cold water the first few times.' },
    { question: 'Can I exchange the size?', answer: 'Yes, within 7 days of delivery if the tag is intact.' },
  ],
  footwear: [{ question: 'Is the size true to fit?', answer: 'Yes. If you are between sizes, choose the larger one.' }],
  gadget: [
    { question: 'Is there an official warranty?', answer: 'Yes, 1 year official warranty with the invoice.' },
    { question: 'Does it support Bangla input?', answer: 'Yes, Bangla and English are both supported.' },
  ],
  grocery: [{ question: 'Is it free of adulteration?', answer: 'Yes. Every batch is checked before packing.' }],
  home: [{ question: 'Does it work on a gas stove?', answer: 'Yes, on gas and electric stoves.' }],
  beauty: [{ question: 'Is it suitable for oily skin?', answer: 'Yes, it suits every skin type.' }],
  sport: [{ question: 'Is it good for tape-ball cricket too?', answer: 'Yes, it holds up well to street games.' }],
  book: [{ question: 'Is this the latest edition?', answer: 'Yes, it is the latest edition from the publisher.' }],
  kids: [{ question: 'Is it safe for toddlers?', answer: 'Yes, the materials are non-toxic and the edges are rounded.' }],
};
const EDITIONS = ['Premium', 'Classic', 'Deluxe', 'Everyday', 'Eid Special', 'Family Pack', 'Limited Edition', 'Value Pack'];
const VIDEOS = [
  'https://www.youtube.com/shorts/aqz-KE-bpKQ',
  'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
  'https://vimeo.com/76979871',
  'https://youtu.be/aqz-KE-bpKQ',
  'https://player.vimeo.com/video/76979871',
];
const REVIEW_TEXTS = [
  'খুব ভালো পণ্য, দাম অনুযায়ী মান চমৎকার।',
  'Exactly as described. Delivery to Dhaka took two days.',
  'Good quality for the price. Would buy again.',
  'প্যাকেজিং ভালো ছিল, সময়মতো পেয়েছি।',
  'Decent, but the colour is a little lighter than the photo.',
  'Excellent! My family loved it.',
  'Okay product. Customer service was helpful.',
];

/* ---------- accounts the catalogue needs ---------- */

export const DEMO_SELLERS = [
  { email: 'seller1@haat.local', name: 'Dhaka Bazaar', phone: '01811000001' },
  { email: 'seller2@haat.local', name: 'Chattogram Traders', phone: '01811000002' },
] as const;
export const DEMO_SELLER_PASSWORD = 'seller123';
const REVIEWERS = [
  { email: 'rahim@haat.local', name: 'Rahim Uddin' },
  { email: 'fatema@haat.local', name: 'Fatema Akter' },
  { email: 'tanvir@haat.local', name: 'Tanvir Hasan' },
  { email: 'nusrat@haat.local', name: 'Nusrat Jahan' },
  { email: 'sabbir@haat.local', name: 'Sabbir Ahmed' },
];
const REVIEWER_PASSWORD = 'customer123';

/** Banners: an offer on a category; its products include some discounted at least that much. */
const BANNERS = [
  { category: 'Fashion', title: 'Eid Fashion Fest', offer: 20 },
  { category: 'Electronics', title: 'Gadget Week', offer: 15 },
  { category: 'Beauty', title: 'Glow Up Sale', offer: 30 },
];

const IMAGES_PER_CATEGORY = 5;
const INSERT_BATCH = 500;

/** Najirshail Rice by weight, each its own price (no discount) and stock: the 5 kg bag is not sold at the 500 g price. */
const RICE_BY_WEIGHT: [size: string, originalPrice: number, remaining: number][] = [
  ['5 kg', 937.5, 40],
  ['2 kg', 390, 25],
  ['1 kg', 200, 60],
  ['500 g', 105, 30],
];
/** What a weight costs beside the 1 kg price: a bigger bag is cheaper by the kilo. */
const WEIGHT_PRICE: Record<string, number> = { '500 g': 0.52, '1 kg': 1, '2 kg': 1.95, '5 kg': 4.7 };

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
  const variant = (position: number, size: string | null, color: string | null, originalPrice: number, remaining: number, discount = product.discount): VariantRow => ({
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
      [category] = await db.insert(categories).values({ id: newId(), name: root.name, nameBn: CATEGORY_NAMES_BN[root.name] ?? null, image }).returning();
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
            .values({ id: newId(), name: leaf[0], nameBn: CATEGORY_NAMES_BN[leaf[0]] ?? null, categoryId, subCategoryId: sub!.id, image: pictures[(b + l + 1) % pictures.length]! })
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
      await db.insert(banners).values({ id: newId(), image, offer: banner.offer, categoryId: ids.get(banner.category)!, position: i + 1, createdAt: new Date(Date.now() - i * 1000) });
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
      reviewRows.push({ id: newId(), productId: id, userId, stars: rating, text: pick(random, REVIEW_TEXTS), createdAt: new Date(Math.min(now, createdAt.getTime() + DAY_MS * (1 + random() * 20))) });
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
      descriptionBn: nameBn && `${nameBn}, আমাদের ${CATEGORY_NAMES_BN[spot.root.name]} সংগ্রহের ${CATEGORY_NAMES_BN[spot.leaf[0]]} থেকে। সারা বাংলাদেশে ডেলিভারি, ক্যাশ অন ডেলিভারিতেও কেনা যায়।`,
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
