import type { PageHeadProps } from '@/components/page-head';
import { shopStructuredData } from '@/lib/structured-data';

/**
 * The home page's head: the shop's own title and description, its address, and (written by the server alone) the
 * shop's structured data. The one rule for it, whether the page is rendered or the server answers the shell.
 */
export function homeHead(origin: string): { head: PageHeadProps; structuredData: object | undefined } {
  return { head: { path: '/' }, structuredData: import.meta.env.SSR ? shopStructuredData(origin) : undefined };
}
