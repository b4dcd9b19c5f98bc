/** The listing's search with no connection, over the products the browser has saved. Counts arrive formatted. */
export default {
  savedMatches: (matches: number, formattedMatches: string, saved: string, search: string) =>
    `No connection: showing ${matches === 1 ? '1 match' : `${formattedMatches} matches`} for "${search}" among ${saved} saved products.`,
  noSavedMatch: (saved: string, search: string) => `No connection: none of the ${saved} saved products matches "${search}".`,
  wholeShopOnline: 'Connect to the internet to search the whole shop.',
  savedProducts: 'Saved products',
};
