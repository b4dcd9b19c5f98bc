import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { House, RotateCw } from 'lucide-react';
import { useMessages } from '@/i18n/react';
import { ApiError } from '@/lib/api';
import type { BackOfficeArea } from '@/lib/guards';
import { errorsText } from '@/messages/errors';
import { Button, buttonClassName } from './button';
import { PageHead } from './page-head';

/** Where 'Go home' leads: the shop's home page, or the back office area's first screen. */
export type ErrorHome = 'shop' | BackOfficeArea;

/** The home's address; the back office's, no route of the table, as a plain path. */
const homeAddress = (home: ErrorHome): string => (home === 'shop' ? '/' : `/${home}`);

/**
 * A page that failed, in words a shopper can act on: try again (the route's reads and its failed queries run again),
 * reload for a new build whose code this page could not load, or go home. Nothing is cleared: the cart lives in
 * localStorage and queued actions in the saved query cache. A failure the API answered carries its request id, for
 * support to find in the server's logs.
 */
export function ErrorScreen({ error, chunkFailed, home }: { error: unknown; chunkFailed: boolean; home: ErrorHome }) {
  const text = useMessages(errorsText);
  const router = useRouter();
  const queryErrors = useQueryErrorResetBoundary();
  const apiError = error instanceof ApiError ? error : null;
  const explanation = chunkFailed
    ? text.newVersionExplanation
    : apiError?.isNetworkError
      ? text.networkExplanation
      : apiError && apiError.status >= 500
        ? text.serverExplanation
        : text.otherExplanation;

  const tryAgain = () => {
    // Queries that threw to this screen fetch again when their page mounts; the route's loaders run again.
    queryErrors.reset();
    void router.invalidate();
  };

  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-4 py-16 text-center">
      <PageHead title={text.pageTitle} />
      <h1 className="text-2xl font-bold text-gray-900">{text.title}</h1>
      <p className="mt-2 text-gray-700">{explanation}</p>
      <p className="mt-2 text-gray-700">{text.kept}</p>
      {apiError?.requestId && <p className="mt-4 text-sm break-all text-gray-700">{text.requestId(apiError.requestId)}</p>}
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        {chunkFailed ? (
          <Button onClick={() => window.location.reload()}>
            <RotateCw aria-hidden="true" className="size-5" />
            {text.reload}
          </Button>
        ) : (
          <Button onClick={tryAgain}>
            <RotateCw aria-hidden="true" className="size-5" />
            {text.tryAgain}
          </Button>
        )}
        <Link to={homeAddress(home)} className={buttonClassName('secondary')}>
          <House aria-hidden="true" className="size-5" />
          {text.goHome}
        </Link>
      </div>
    </div>
  );
}
