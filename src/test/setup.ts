import '@testing-library/jest-dom/vitest';
import { onlineManager } from '@tanstack/react-query';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { session } from '@/lib/session';
import { installModalDialogs } from './modal-dialogs';

// A route's first render loads its code, which the test runner compiles on demand: on a busy machine that alone can
// take longer than Testing Library's default second, so waits for what appears allow five.
configure({ asyncUtilTimeout: 5000 });

// Tests of the server's renderer run without a browser: there is no dialog to complete.
if (typeof HTMLDialogElement !== 'undefined') installModalDialogs();

// Every test starts from the same browser: no page, no storage, no session, online, no stubs or spies.
afterEach(() => {
  cleanup();
  // Tests of the server's renderer run without a browser (and its storage).
  if (typeof localStorage !== 'undefined') {
    localStorage.clear();
    session.logout();
  }
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
