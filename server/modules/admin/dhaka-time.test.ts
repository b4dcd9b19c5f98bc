import { describe, expect, it } from 'vitest';
import { dhakaDay, dhakaDayStart, dhakaMidnight } from './dhaka-time';

describe('Dhaka days', () => {
  it('begin at midnight in Dhaka (18:00 UTC the evening before)', () => {
    // 00:30 on 2 March in Dhaka.
    const justAfter = new Date('2026-03-01T18:30:00Z');
    expect(dhakaDay(justAfter)).toBe('2026-03-02');
    expect(dhakaMidnight(justAfter).toISOString()).toBe('2026-03-01T18:00:00.000Z');
    expect(dhakaMidnight(justAfter, 6).toISOString()).toBe('2026-02-23T18:00:00.000Z');
    // 23:59 on 1 March in Dhaka.
    expect(dhakaDay(new Date('2026-03-01T17:59:00Z'))).toBe('2026-03-01');
    expect(dhakaDayStart('2026-03-02').toISOString()).toBe('2026-03-01T18:00:00.000Z');
    expect(dhakaDayStart('2026-03-02', 1).toISOString()).toBe('2026-03-02T18:00:00.000Z');
  });
});
