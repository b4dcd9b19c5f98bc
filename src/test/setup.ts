import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { installModalDialogs } from './modal-dialogs';

installModalDialogs();

afterEach(() => {
  cleanup();
  localStorage.clear();
});
