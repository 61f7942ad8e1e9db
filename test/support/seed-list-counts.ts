/** What a seed list shows of its length, read from a browser page; and seeds of any number. */
import type { Page } from 'playwright-core';
import type { Fault } from '../../src/server/faults';

/** The seed list's count line once the list has stopped loading. */
export async function settledCount(page: Page, timeoutMs = 120_000): Promise<string> {
  await page.waitForFunction(
    () => {
      const line = document.querySelector('.count-line')?.textContent ?? '';
      return (
        /seeds/.test(line) &&
        !/Loading|so far/.test(line) &&
        !document.querySelector('[role="progressbar"]')
      );
    },
    null,
    { timeout: timeoutMs },
  );
  return (await page.locator('.count-line').first().textContent()) ?? '';
}

/** Rows the table holds (all of them, not only those in view). */
export async function gridRows(page: Page): Promise<number> {
  const value = await page.getByRole('grid', { name: 'Seeds' }).getAttribute('aria-rowcount');
  return Number(value) - 1;
}

/** Seeds made from the first without metadata: a list of any length, quick to serve. */
export const plainSeeds = (rows: number): Fault[] => [
  { kind: 'rows', rows },
  {
    kind: 'rewrite',
    rewrite: (records) =>
      records.map((r) => ({ ...(r as object), metadata: { Title: [{ id: 1, value: 'A seed' }] } })),
  },
];
