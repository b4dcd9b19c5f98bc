/** The wishlist page's selection: a set of product ids, always a subset of the ids on show. */
export type Selection = ReadonlySet<string>;

export function toggleOne(selection: Selection, id: string): Selection {
  const next = new Set(selection);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** Select all when anything is left unselected; otherwise clear. */
export function toggleAll(selection: Selection, ids: readonly string[]): Selection {
  const allSelected = ids.length > 0 && ids.every((id) => selection.has(id));
  return allSelected ? new Set() : new Set(ids);
}

/** Drops ids no longer on show (removed here, in another tab, or by a refresh), so counts never include them. */
export function keepPresent(selection: Selection, ids: readonly string[]): Selection {
  const present = ids.filter((id) => selection.has(id));
  return present.length === selection.size ? selection : new Set(present);
}

export type BulkOutcome = { kind: 'none' } | { kind: 'all-removed'; count: number } | { kind: 'some-failed'; removed: number; failed: number };

/** What a bulk removal came to, for the one toast it raises. */
export function bulkOutcome({ removed, failed }: { removed: readonly string[]; failed: readonly string[] }): BulkOutcome {
  if (failed.length > 0) return { kind: 'some-failed', removed: removed.length, failed: failed.length };
  if (removed.length === 0) return { kind: 'none' };
  return { kind: 'all-removed', count: removed.length };
}
