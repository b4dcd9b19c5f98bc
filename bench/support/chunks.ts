export type RouteScripts = { route: string; scripts: readonly string[] };
export type RouteChunks = { route: string; chunks: string[] };

/**
 * What each route costs beyond a first visit to `/`: the scripts opening it directly loaded that the first visit did
 * not. `unreached` are the chunks none of the measured pages loaded (loaded by other states, e.g. a dialog opened).
 */
export function chunksByRoute(
  allChunks: readonly string[],
  firstVisit: readonly string[],
  routes: readonly RouteScripts[],
): { routes: RouteChunks[]; unreached: string[] } {
  const loadedByFirstVisit = new Set(firstVisit);
  const byRoute = routes.map(({ route, scripts }) => ({
    route,
    chunks: [...new Set(scripts)].filter((script) => !loadedByFirstVisit.has(script)).sort(),
  }));
  const reached = new Set([...loadedByFirstVisit, ...byRoute.flatMap((entry) => entry.chunks)]);
  return { routes: byRoute, unreached: allChunks.filter((chunk) => !reached.has(chunk)).sort() };
}
