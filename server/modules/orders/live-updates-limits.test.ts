import { describe, expect, it } from 'vitest';
import { localChangeFeed } from '../../cluster/change-feed';
import type { Db } from '../../db/client';
import { MAX_STREAMS, MAX_STREAMS_PER_ACCOUNT, orderUpdates } from './live-updates';

// Opening and closing streams reads nothing: no database is reached.
const updatesWithoutDatabase = () => orderUpdates({} as Db, localChangeFeed(), () => {});

describe('the order streams one process holds', () => {
  it(`are at most ${MAX_STREAMS}, whoever opens them, and a closed one frees its place`, () => {
    const updates = updatesWithoutDatabase();
    const opened = Array.from({ length: MAX_STREAMS }, (_, i) => updates.open(`customer-${i}`, () => {}));
    expect(opened.every((stream) => stream.kind === 'open')).toBe(true);
    expect(updates.open('one-more', () => {}).kind).toBe('full');
    const first = opened[0];
    if (first?.kind === 'open') first.close();
    expect(updates.openCount()).toBe(MAX_STREAMS - 1);
    expect(updates.open('one-more', () => {}).kind).toBe('open');
  });

  it(`are at most ${MAX_STREAMS_PER_ACCOUNT} per account, counted once however often one is closed`, () => {
    const updates = updatesWithoutDatabase();
    const opened = Array.from({ length: MAX_STREAMS_PER_ACCOUNT }, () => updates.open('alice', () => {}));
    expect(updates.open('alice', () => {}).kind).toBe('account-full');
    const first = opened[0];
    if (first?.kind === 'open') {
      first.close();
      first.close();
    }
    expect(updates.openCount()).toBe(MAX_STREAMS_PER_ACCOUNT - 1);
    expect(updates.open('alice', () => {}).kind).toBe('open');
    expect(updates.open('alice', () => {}).kind).toBe('account-full');
  });
});
