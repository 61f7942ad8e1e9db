import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { clearWaits } from '../../src/api/waits';

afterEach(() => {
  cleanup();
  // The waits the service asked for belong to the page, which each test starts afresh.
  clearWaits();
});
