/** The seed table's rows as the browser tests read them: how many, and once every one is there. */
import type { Page } from 'playwright-core';

/** The rows of the seed table (its `aria-rowcount` counts the header too). */
export const seedGridRows = async (page: Page): Promise<number> =>
  Number(await page.getByRole('grid', { name: 'Seeds' }).getAttribute('aria-rowcount')) - 1;

/** Waits until the seed table holds `rows` rows and nothing is loading any more. */
export async function seedGridSettled(page: Page, rows: number): Promise<void> {
  await page.waitForFunction(
    (rows) =>
      document.querySelector('[role="grid"][aria-label="Seeds"]')?.getAttribute('aria-rowcount') ===
        String(rows + 1) && !document.querySelector('[role="progressbar"]'),
    rows,
    { timeout: 60_000 },
  );
}
