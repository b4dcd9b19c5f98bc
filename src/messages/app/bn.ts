import type en from './en';

export default {
  skipToContent: 'মূল অংশে যান',
  home: 'হাট হোম',
  mainNavigation: 'প্রধান',
  footerNavigation: 'ফুটার',
  searchLabel: 'পণ্য খুঁজুন',
  searchPlaceholder: 'পণ্য খুঁজুন',
  search: 'খুঁজুন',
  products: 'পণ্য',
  wishlist: 'পছন্দের তালিকা',
  wishlistShort: 'পছন্দ',
  cart: 'কার্ট',
  cartWithCount: (_count: number, formatted: string) => `কার্ট, ${formatted}টি পণ্য`,
  account: 'অ্যাকাউন্ট',
  myAccount: 'আমার অ্যাকাউন্ট',
  admin: 'অ্যাডমিন',
  seller: 'বিক্রেতা',
  logout: 'লগ আউট',
  signIn: 'সাইন ইন',
  footerAbout: 'সারা বাংলাদেশে অনলাইনে কেনাকাটা করুন। ক্যাশ অন ডেলিভারি, বিকাশ, নগদ ও রকেট।',
  offline: 'আপনি অফলাইনে আছেন — শেষবার যা দেখেছিলেন তা দেখানো হচ্ছে',
} satisfies typeof en;
