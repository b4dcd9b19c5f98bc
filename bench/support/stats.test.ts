import { describe, expect, it } from 'vitest';
import { median, medianOfRuns } from './stats';

describe('median', () => {
  it('takes the middle value of an odd sample and the mean of the middle two of an even one, in any order', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
  });

  it('is null for no values and leaves its input unsorted', () => {
    expect(median([])).toBeNull();
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });
});

describe('medianOfRuns', () => {
  it('ignores the runs without a figure when most runs have one', () => {
    expect(medianOfRuns([1200, null, 1000])).toBe(1100);
  });

  it('is null when half the runs or more never produced the figure', () => {
    expect(medianOfRuns([1200, null])).toBeNull();
    expect(medianOfRuns([null, null, 900])).toBeNull();
    expect(medianOfRuns([])).toBeNull();
  });
});
