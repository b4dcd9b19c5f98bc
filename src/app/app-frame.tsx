import type { ReactNode } from 'react';
import { AppToaster } from './toaster';

/**
 * The same frame around the router where a page is rendered (server) and where it is hydrated (browser): the two trees
 * must have one shape for React to match them (and its generated ids with them).
 */
export function AppFrame({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <AppToaster />
    </>
  );
}
