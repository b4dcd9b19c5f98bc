import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { PageHead } from '@/components/page-head';
import { useMessages } from '@/i18n/react';
import { authText } from '@/messages/auth';

/**
 * Screens outside the main layout (verify, OTP, forgot, reset): a centred card under the wordmark, which leads home.
 * `title` is the document's title.
 */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const text = useMessages(authText);
  return (
    <div className="flex min-h-dvh flex-col items-center bg-gray-50 px-4 py-8 sm:justify-center">
      <PageHead title={title} />
      <Link to="/" aria-label={text.home} className="mb-6 inline-flex min-h-11 items-center text-3xl font-extrabold tracking-tight text-brand-700">
        haat
      </Link>
      <main id="main" className="w-full max-w-sm rounded-2xl bg-white p-5 shadow-sm ring-1 ring-gray-200 sm:p-8">
        {children}
      </main>
    </div>
  );
}

/** Login and register sit inside the main layout, which brings its own header and landmark. `title` is the document's title. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-sm px-4 py-8">
      <PageHead title={title} />
      <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-gray-200 sm:p-8">{children}</div>
    </div>
  );
}
