import type { Faq } from '../db/schema';

/**
 * The demo catalogue's data: its category tree with the product names and price ranges of each sub-sub-category,
 * what each kind of product is sold in and said to be, the sellers and reviewing customers, and the banners.
 * `catalogue.ts` turns them into rows.
 */

export type Kind = 'apparel' | 'footwear' | 'gadget' | 'grocery' | 'home' | 'beauty' | 'sport' | 'book' | 'kids';

/** A sub-sub-category: its name, the product names drawn for it, and its price range in taka. */
export type Leaf = [name: string, productNames: string[], price: [min: number, max: number]];
type Branch = { name: string; kind?: Kind; leaves: Leaf[] };
export type Root = { name: string; hue: number; kind: Kind; branches: Branch[] };

export const TREE: Root[] = [
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
export const COLOURS: Partial<Record<Kind, string[]>> = {
  apparel: ['red', 'blue', 'green', 'maroon', 'navy', 'black', 'white', 'cream', 'pink', 'purple', 'olive', 'gold'],
  footwear: ['black', 'brown', 'beige', 'white', 'navy', 'khaki'],
  gadget: ['black', 'white', 'silver', 'blue', 'gray'],
  home: ['silver', 'black', 'red', 'brown', 'beige'],
  sport: ['red', 'green', 'blue', 'yellow', 'orange', 'black'],
  kids: ['pink', 'yellow', 'blue', 'green', 'orange', 'purple'],
};
export const SIZES: Partial<Record<Kind, string[]>> = {
  apparel: ['S', 'M', 'L', 'XL', 'XXL'],
  footwear: ['38', '39', '40', '41', '42', '43', '44'],
  grocery: ['500 g', '1 kg', '2 kg', '5 kg'],
  beauty: ['50 ml', '100 ml', '200 ml'],
  sport: ['S', 'M', 'L', 'XL'],
};
export const UNIT: Record<Kind, string> = {
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
export const DETAILS: Record<Kind, string[]> = {
  apparel: [
    '100% cotton, breathable for hot days',
    'Hand finished by artisans in Bangladesh',
    'Machine wash cold, dry in shade',
    'Colour may vary slightly from the photo',
  ],
  footwear: ['Cushioned insole for all-day wear', 'Anti-slip rubber sole', 'Wipe clean with a damp cloth'],
  gadget: ['1 year official warranty', 'Original product with serial number', 'Box contents: device, cable, manual'],
  grocery: ['Sourced directly from farmers', 'Packed in a food-grade sealed pouch', 'Store in a cool and dry place', 'Best before 12 months from packing'],
  home: ['Sturdy build for daily use', 'Easy to clean', '6 months replacement warranty'],
  beauty: ['Dermatologically tested', 'No parabens added', 'For external use only'],
  sport: ['Match-grade quality', 'Suitable for beginners and club players', 'Lightweight and durable'],
  book: ['Paperback, printed in Bangladesh', 'Clear print on offset paper', 'Ideal as a gift'],
  kids: ['Child-safe materials', 'Soft on sensitive skin', 'Recommended for ages 1 and up'],
};
export const FAQS: Record<Kind, Faq[]> = {
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
export const EDITIONS = ['Premium', 'Classic', 'Deluxe', 'Everyday', 'Eid Special', 'Family Pack', 'Limited Edition', 'Value Pack'];
export const VIDEOS = [
  'https://www.youtube.com/shorts/aqz-KE-bpKQ',
  'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
  'https://vimeo.com/76979871',
  'https://youtu.be/aqz-KE-bpKQ',
  'https://player.vimeo.com/video/76979871',
];
export const REVIEW_TEXTS = [
  'খুব ভালো পণ্য, দাম অনুযায়ী মান চমৎকার।',
  'Exactly as described. Delivery to Dhaka took two days.',
  'Good quality for the price. Would buy again.',
  'প্যাকেজিং ভালো ছিল, সময়মতো পেয়েছি।',
  'Decent, but the colour is a little lighter than the photo.',
  'Excellent! My family loved it.',
  'Okay product. Customer service was helpful.',
];

export const DEMO_SELLERS = [
  { email: 'seller1@haat.local', name: 'Dhaka Bazaar', phone: '01811000001' },
  { email: 'seller2@haat.local', name: 'Chattogram Traders', phone: '01811000002' },
] as const;
export const DEMO_SELLER_PASSWORD = 'seller123';
export const REVIEWERS = [
  { email: 'rahim@haat.local', name: 'Rahim Uddin' },
  { email: 'fatema@haat.local', name: 'Fatema Akter' },
  { email: 'tanvir@haat.local', name: 'Tanvir Hasan' },
  { email: 'nusrat@haat.local', name: 'Nusrat Jahan' },
  { email: 'sabbir@haat.local', name: 'Sabbir Ahmed' },
];
export const REVIEWER_PASSWORD = 'customer123';

/** Banners: an offer on a category; its products include some discounted at least that much. */
export const BANNERS = [
  { category: 'Fashion', title: 'Eid Fashion Fest', offer: 20 },
  { category: 'Electronics', title: 'Gadget Week', offer: 15 },
  { category: 'Beauty', title: 'Glow Up Sale', offer: 30 },
];

/** Najirshail Rice by weight, each its own price (no discount) and stock: the 5 kg bag is not sold at the 500 g price. */
export const RICE_BY_WEIGHT: [size: string, originalPrice: number, remaining: number][] = [
  ['5 kg', 937.5, 40],
  ['2 kg', 390, 25],
  ['1 kg', 200, 60],
  ['500 g', 105, 30],
];
/** What a weight costs beside the 1 kg price: a bigger bag is cheaper by the kilo. */
export const WEIGHT_PRICE: Record<string, number> = { '500 g': 0.52, '1 kg': 1, '2 kg': 1.95, '5 kg': 4.7 };
