/**
 * The most rows one list loads, by the device. A seed held by the page costs about 750 bytes of
 * heap (375 MB at 500,000 on the benchmark's machine), and the list workers, the saved copy and
 * the table's sort keys take about as much again while a list loads: a list of about 1 KB a row
 * may take an eighth of the device's memory, so 125,000 rows a gigabyte. `navigator.deviceMemory`
 * is rounded to 0.25, 0.5, 1, 2, 4 or 8 and Chromium reports no more than 8, so a device of 8 GB
 * or more gets 1,000,000 rows. Where the browser does not say (Firefox, Safari, or a page served
 * over plain http to another host), the cap is the 500,000 rows the explorer has long been measured
 * at. A cap set at build time (`VITE_ROW_CAP`) wins over all of this.
 */
export const ROWS_PER_GB = 125_000;
export const UNKNOWN_DEVICE_ROW_CAP = 500_000;

/** A build setting read as a whole number above 0, or undefined when it is not one. */
export const positiveInteger = (value: unknown): number | undefined => {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/** The row cap for a build setting (`configured`) and a device's reported memory in GB. */
export function rowCapFor(configured: unknown, deviceMemoryGb: unknown): number {
  const set = positiveInteger(configured);
  if (set !== undefined) return set;
  if (typeof deviceMemoryGb !== 'number' || !Number.isFinite(deviceMemoryGb) || deviceMemoryGb <= 0)
    return UNKNOWN_DEVICE_ROW_CAP;
  // Never fewer than 25,000 rows, whatever a device says.
  return Math.max(25_000, Math.round(Math.min(deviceMemoryGb, 8) * ROWS_PER_GB));
}

/** What this browser says of its memory, in GB (undefined where it does not say). */
export function deviceMemory(): unknown {
  return typeof navigator === 'undefined'
    ? undefined
    : (navigator as Navigator & { deviceMemory?: unknown }).deviceMemory;
}
