import type en from './en';

/** The listing's search with no connection, over the products the browser has saved. Counts arrive formatted. */
export default {
  savedMatches: (_matches: number, formattedMatches: string, saved: string, search: string) =>
    `সংযোগ নেই: সংরক্ষিত ${saved}টি পণ্যের মধ্যে "${search}" খুঁজে ${formattedMatches}টি মিল দেখানো হচ্ছে।`,
  noSavedMatch: (saved: string, search: string) => `সংযোগ নেই: সংরক্ষিত ${saved}টি পণ্যের কোনোটিতে "${search}" মেলেনি।`,
  wholeShopOnline: 'পুরো দোকানে খুঁজতে ইন্টারনেটে যুক্ত হোন।',
  savedProducts: 'সংরক্ষিত পণ্য',
} satisfies typeof en;
