import { formatCount } from '@contract/money';

/** A count with its noun, singular for exactly one: '1 item', '2 items', '1,250 items'. */
export function countOf(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}
