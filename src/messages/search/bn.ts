/** The search box's suggestions. Counts arrive formatted. */
export default {
  suggestions: 'পরামর্শ',
  suggestionCount: (_count: number, formatted: string) => `${formatted}টি পরামর্শ`,
  noSuggestions: 'কোনো পরামর্শ নেই',
  category: 'ক্যাটাগরি',
};
