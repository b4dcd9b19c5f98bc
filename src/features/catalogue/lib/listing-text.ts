import { PAGE_SIZE } from '@contract/catalogue-constants';

/** 'Showing {count} of {total} products', then what narrowed them: the search term and the minimum discount. */
export function resultsSummary({ count, total, search, discount }: { count: number; total: number; search?: string; discount?: number }): string {
  let text = `Showing ${count} of ${total} products`;
  if (search) text += ` for "${search}"`;
  if (discount) text += ` with ${discount}% or more off`;
  return text;
}

export const pageSummary = (page: number) => `Page ${page} | Limit: ${PAGE_SIZE}`;

export const pageOfPages = (page: number, pages: number) => `Page ${page} of ${pages}`;
