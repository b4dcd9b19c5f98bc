/** The frame around every page: the bars, the offline strip, the language switch. */
export default {
  skipToContent: 'Skip to content',
  home: 'haat home',
  mainNavigation: 'Main',
  footerNavigation: 'Footer',
  searchLabel: 'Search products',
  searchPlaceholder: 'Search products',
  search: 'Search',
  products: 'Products',
  wishlist: 'Wishlist',
  /** The navigation bar's label, where a phone has room for a word or two. */
  wishlistShort: 'Wishlist',
  cart: 'Cart',
  cartWithCount: (count: number, formatted: string) => `Cart, ${formatted} ${count === 1 ? 'item' : 'items'}`,
  account: 'Account',
  myAccount: 'My Account',
  admin: 'Admin',
  seller: 'Seller',
  logout: 'Logout',
  signIn: 'Sign in',
  footerAbout: 'Shop online across Bangladesh. Cash on delivery, bKash, Nagad and Rocket.',
  offline: 'You are offline — showing what you saw last',
};
