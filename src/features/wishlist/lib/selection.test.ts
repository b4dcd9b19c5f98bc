import { describe, expect, it } from 'vitest';
import { bulkOutcome, keepPresent, toggleAll, toggleOne } from './selection';

describe('wishlist selection', () => {
  it('toggles one id in and out without touching the others', () => {
    const one = toggleOne(new Set(['a']), 'b');
    expect([...one].sort()).toEqual(['a', 'b']);
    expect([...toggleOne(one, 'a')]).toEqual(['b']);
  });

  it('selects all when some are unselected, and clears when all are selected', () => {
    const ids = ['a', 'b', 'c'];
    expect([...toggleAll(new Set(), ids)]).toEqual(ids);
    expect([...toggleAll(new Set(['b']), ids)]).toEqual(ids);
    expect(toggleAll(new Set(ids), ids).size).toBe(0);
    expect(toggleAll(new Set(), []).size).toBe(0);
  });

  it('forgets ids that are no longer on show, and keeps the same set when nothing changed', () => {
    const selection = new Set(['a', 'gone']);
    expect([...keepPresent(selection, ['a', 'b'])]).toEqual(['a']);
    const unchanged = new Set(['a']);
    expect(keepPresent(unchanged, ['a', 'b'])).toBe(unchanged);
  });
});

describe('bulk removal outcome', () => {
  it('counts a full success', () => {
    expect(bulkOutcome({ removed: ['a', 'b'], failed: [] })).toEqual({ kind: 'all-removed', count: 2 });
  });

  it('reports any failure, even when others went through', () => {
    expect(bulkOutcome({ removed: ['a'], failed: ['b'] })).toEqual({ kind: 'some-failed', removed: 1, failed: 1 });
    expect(bulkOutcome({ removed: [], failed: ['b'] })).toEqual({ kind: 'some-failed', removed: 0, failed: 1 });
  });

  it('says nothing happened when nothing was asked', () => {
    expect(bulkOutcome({ removed: [], failed: [] })).toEqual({ kind: 'none' });
  });
});
