import type { ReactNode } from 'react';

/** Our own screens outside the storefront frame (Unauthorized, the root-level 404) still get one <main> landmark. */
export function StandaloneLayout({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="min-h-screen bg-gray-50">
      {children}
    </main>
  );
}
