import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  // Tests of the server's renderer run without a browser (and its storage).
  if (typeof localStorage !== 'undefined') localStorage.clear();
});
