import type { ReactNode } from 'react';
import { PageHead } from '@/components/page-head';

/** A back-office screen's title, in the document's head and as its heading, with the screen's own actions beside it. */
export function ScreenTitle({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <>
      <PageHead title={title} />
      {children ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-bold text-gray-900">{title}</h1>
          {children}
        </div>
      ) : (
        <h1 className="text-2xl font-bold text-gray-900">{title}</h1>
      )}
    </>
  );
}
