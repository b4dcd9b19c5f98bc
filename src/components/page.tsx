import type { ReactNode } from 'react';
import { useDocumentTitle } from './use-document-title';

/** A screen inside the site layout: its heading doubles as the document title. */
export function Page({ title, children }: { title: string; children?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6">
      <h1 className="text-2xl font-bold text-gray-900">{title}</h1>
      {children}
    </div>
  );
}
