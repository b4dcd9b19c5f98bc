/** The search box's suggestions, and the listing's search over saved products. Counts arrive formatted. */
export default {
  suggestions: 'পরামর্শ',
  suggestionCount: (_count: number, formatted: string) => `${formatted}টি পরামর্শ`,
  noSuggestions: 'কোনো পরামর্শ নেই',
  category: 'ক্যাটাগরি',
  savedProductsNotice: 'আপনি অফলাইনে আছেন: এই ডিভাইসে রাখা পণ্যের মধ্যে খোঁজা হচ্ছে।',
  noSavedMatches: 'এই ডিভাইসে রাখা কোনো পণ্য মেলেনি।',
};
