import type { ReactNode } from 'react';
import { Spinner } from '@/components/spinner';
import { primaryButton } from './styles';

/**
 * The form's submit button. Unlike the shared Button's busy state, which hides the label under a
 * spinner, it shows a busy text ('Signing in...'); disabled meanwhile so nothing is sent twice.
 */
export function SubmitButton({ busy, busyText, children }: { busy: boolean; busyText: string; children: ReactNode }) {
  return (
    <button type="submit" disabled={busy} aria-busy={busy || undefined} className={`${primaryButton} disabled:cursor-progress`}>
      {busy ? (
        <>
          <Spinner />
          {busyText}
        </>
      ) : (
        children
      )}
    </button>
  );
}
