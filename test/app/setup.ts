import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { setSaving } from '../../src/api/saved-lists';
import { clearWaits } from '../../src/api/waits';

// Lists are saved only in the tests about saving: elsewhere each test starts with nothing kept.
setSaving(false);

afterEach(() => {
  cleanup();
  // The waits the service asked for belong to the page, which each test starts afresh.
  clearWaits();
});
