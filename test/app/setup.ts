import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { setSaving } from '../../src/api/saved-store';
import { clearWaits } from '../../src/api/waits';
import { loadSortingCode } from '../../src/components/data-table/sorting-code';

// Lists are saved only in the tests about saving: elsewhere each test starts with nothing kept.
setSaving(false);

// The tables' sorting code loads on first use (sorting-code.ts); the tests of sorting start with it
// there, as any table after the first finds it. test/app/components/sorting-code.test.tsx tests the
// load itself: its wait, and its failure.
await loadSortingCode();

// A page's first render also fetches its code (the routes are lazy): on a busy machine that takes
// longer than Testing Library's default second, so the async queries wait up to four.
configure({ asyncUtilTimeout: 4_000 });

afterEach(() => {
  cleanup();
  // The waits the service asked for belong to the page, which each test starts afresh.
  clearWaits();
});
