/** The search box's suggestions, and the listing's search over saved products. Counts arrive formatted. */
export default {
  suggestions: 'Suggestions',
  suggestionCount: (count: number, formatted: string) => (count === 1 ? '1 suggestion' : `${formatted} suggestions`),
  noSuggestions: 'No suggestions',
  category: 'Category',
  savedProductsNotice: 'You are offline: searching the products saved on this device.',
  noSavedMatches: 'None of the products saved on this device match.',
};
