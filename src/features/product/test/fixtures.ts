import type { Product } from '@contract/catalogue';

/** A product as `GET /products/{id}` answers it; override what a test is about. */
export function makeProduct(overrides: Partial<Product> = {}): Product {
  return {
    _id: 'p1',
    productName: 'Leather Cricket Ball',
    productDescription: 'A hand-stitched ball for club cricket.',
    productImages: ['/media/0123456789abcdef0123456789abcdef.jpg', '/media/fedcba9876543210fedcba9876543210.jpg'],
    productPrice: 1200,
    productOriginalPrice: 1500,
    productDiscount: 20,
    productRating: 4.5,
    reviewCount: 1,
    reviews: [
      {
        _id: 'r1',
        userId: { _id: 'u9', name: 'Karim Ahmed', profileImg: null },
        date: '2025-03-12T10:00:00.000Z',
        stars: 5,
        text: 'Lasts a whole season.',
      },
    ],
    sales: 37,
    remainingProducts: 12,
    quantity: '1 pc',
    productColors: ['red', 'black'],
    productSizes: ['S', 'M'],
    productDetails: ['Cork core', 'Four-piece leather'],
    searchTags: ['cricket', 'ball'],
    faqs: [{ question: 'Is it match quality?', answer: 'Yes, for club matches.' }],
    video: null,
    productCategory: { _id: 'c1', categoryName: 'Sports' },
    productSubCategory: null,
    productSubSubCategory: null,
    OwnerId: { _id: 's1', name: 'Chattogram Traders' },
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
