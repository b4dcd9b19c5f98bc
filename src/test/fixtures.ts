import type { PublicUser, Role } from '@contract/auth';
import type { Product } from '@contract/catalogue';
import type { Order, Refund } from '@contract/orders';
import type { CartItem } from '@/lib/cart';
import { session } from '@/lib/session';

/** The customer the browser tests sign in as. */
export const CUSTOMER: PublicUser = {
  _id: 'u1',
  name: 'Rahim Uddin',
  email: 'rahim@example.com',
  role: 'user',
  isEmailVerified: true,
  profileImg: null,
  phone: '01712345678',
  address: 'House 1, Road 2, Dhanmondi',
  googleId: null,
};

/** A signed-in session (token `token-{id}`) of the customer, or of whoever is given. */
export function signIn(user: PublicUser = CUSTOMER): PublicUser {
  session.setUser(user, `token-${user._id}`);
  return user;
}

/** A signed-in session with the given role. */
export function signInAs(role: Role): PublicUser {
  return signIn({ ...CUSTOMER, _id: `id-${role}`, name: `Test ${role}`, email: `${role}@example.com`, role, phone: null, address: null });
}

/** A product as `GET /products/{id}` answers it, with everything the product page shows; override what a test is about. */
export function makeProduct(overrides: Partial<Product> = {}): Product {
  return {
    _id: 'p1',
    productName: 'Leather Cricket Ball',
    productDescription: 'A hand-stitched ball for club cricket.',
    productNameBn: null,
    productDescriptionBn: null,
    productDetailsBn: [],
    quantityBn: null,
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
    productCategory: { _id: 'c1', categoryName: 'Sports', categoryNameBn: null },
    productSubCategory: null,
    productSubSubCategory: null,
    OwnerId: { _id: 's1', name: 'Chattogram Traders' },
    createdAt: '2025-01-01T00:00:00.000Z',
    variants: [],
    status: 'published',
    ...overrides,
  };
}

/** One of many plain products for lists and cards: `p{n}`, 'Product {n}', ৳(1000 + n), 5 in stock, no options. */
export function listedProduct(n: number, overrides: Partial<Product> = {}): Product {
  return makeProduct({
    _id: `p${n}`,
    productName: `Product ${n}`,
    productDescription: '',
    productImages: [],
    productPrice: 1000 + n,
    productOriginalPrice: 1000 + n,
    productDiscount: 0,
    productRating: 4,
    reviews: [],
    sales: 0,
    remainingProducts: 5,
    productColors: [],
    productSizes: [],
    productDetails: [],
    searchTags: [],
    faqs: [],
    productCategory: { _id: 'c1', categoryName: 'Fashion', categoryNameBn: null },
    ...overrides,
  });
}

/** A page of `GET /products`, as its `data`. */
export const productPage = (products: Product[], extra: { total?: number; page?: number; pages?: number } = {}) => ({
  count: products.length,
  total: extra.total ?? products.length,
  page: extra.page ?? 1,
  pages: extra.pages ?? 1,
  data: products,
});

/** A cart line as localStorage `cart` keeps it. */
export function cartLine(overrides: Partial<CartItem> = {}): CartItem {
  return {
    productId: 'p1',
    productName: 'Nakshi kantha',
    productCategory: 'Home',
    price: 1200,
    quantity: 1,
    subTotal: 1200,
    maxStock: 3,
    image: '/media/0123456789abcdef0123456789abcdef.jpg',
    OwnerId: 'o1',
    OwnerName: 'Rahim Traders',
    ...overrides,
  };
}

/** An order of the customer as `GET /order/get-order-by-customerId/{id}` answers it. */
export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    _id: 'order00000000000abc123',
    status: 'pending',
    paymentStatus: 'unpaid',
    paymentMethod: 'cash',
    cancelReason: null,
    cancelCode: null,
    cancelNote: null,
    cancelledAt: null,
    deliveredAt: null,
    cashConfirmation: null,
    tracking: null,
    totalPrice: 1560,
    deliveryFee: 60,
    subTotal: 1500.4,
    discount: 0,
    coupon: null,
    createdAt: new Date(2026, 10, 2, 12).toISOString(),
    items: [
      {
        productId: 'prod-1',
        variantId: null,
        productName: 'Cotton Panjabi',
        productNameBn: null,
        image: '/media/panjabi.jpg',
        quantity: 2,
        size: 'L',
        color: 'White',
        price: 600.2,
        subTotal: 1200.4,
      },
      {
        productId: 'prod-2',
        variantId: null,
        productName: 'Leather Sandal',
        productNameBn: null,
        image: null,
        quantity: 1,
        size: null,
        color: null,
        price: 300,
        subTotal: 300,
      },
    ],
    deliveryAddress: { division: 'Dhaka', district: 'Dhaka', city: 'Dhanmondi', addressDetails: 'House 1, Road 2' },
    phone: CUSTOMER.phone ?? '',
    customerName: CUSTOMER.name,
    customerEmail: CUSTOMER.email,
    customerId: CUSTOMER._id,
    transaction_id: null,
    ...overrides,
  };
}

/** A refund request as the API lists it: pending, for the customer's order, until `overrides` say otherwise. */
export function makeRefund(overrides: Partial<Refund> = {}): Refund {
  return {
    _id: 'r1',
    createdAt: new Date(2026, 10, 2, 12).toISOString(),
    orderId: { _id: 'order-mine-0a1b2c', transaction_id: 'TRX-1', totalPrice: 500 },
    refundMethod: 'bkash',
    refundNumber: '01712345678',
    refundStatus: 'pending',
    rejectReason: null,
    settledAt: null,
    payout: null,
    manualReference: null,
    ...overrides,
  };
}
