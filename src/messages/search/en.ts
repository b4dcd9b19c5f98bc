/** The search box's suggestions. Counts arrive formatted. */
export default {
  suggestions: 'Suggestions',
  suggestionCount: (count: number, formatted: string) => (count === 1 ? '1 suggestion' : `${formatted} suggestions`),
  noSuggestions: 'No suggestions',
  category: 'Category',
};
