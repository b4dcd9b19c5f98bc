/**
 * The key of placing an order, taken at checkout or replayed after a reload (its defaults: `src/app/offline-actions.ts`).
 * A module of its own: the app's start needs the key, not what reads the orders waiting under it.
 */
export const PLACE_ORDER_MUTATION_KEY = ['orders', 'place'] as const;
