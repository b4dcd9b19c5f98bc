import type { ReactNode } from 'react';
import { PageHead } from './page-head';

/** A screen inside the site layout: its heading doubles as the document title. */
export function Page({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6">
      <PageHead title={title} />
      <h1 className="text-2xl font-bold text-gray-900">{title}</h1>
      {children}
    </div>
  );
}
