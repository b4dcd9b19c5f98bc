import '@testing-library/jest-dom/vitest';
import { onlineManager } from '@tanstack/react-query';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { session } from '@/lib/session';
import { installModalDialogs } from './modal-dialogs';

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
