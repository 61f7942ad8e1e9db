import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rowCapFor, UNKNOWN_DEVICE_ROW_CAP } from '../../../src/api/row-cap';

describe('the row cap follows the device', () => {
  it.each([
    [8, 1_000_000],
    [4, 500_000],
    [2, 250_000],
    [1, 125_000],
    [0.5, 62_500],
    [0.25, 31_250],
  ])('a device reporting %s GB loads up to %i rows', (gb, cap) => {
    expect(rowCapFor(undefined, gb)).toBe(cap);
  });

  it('a device that says nothing of its memory keeps the 500,000 rows long measured', () => {
    expect(UNKNOWN_DEVICE_ROW_CAP).toBe(500_000);
    for (const unknown of [undefined, null, 0, -4, NaN, Infinity, '8', {}])
      expect(rowCapFor(undefined, unknown), JSON.stringify(unknown)).toBe(500_000);
  });

  it('more than 8 GB (which Chromium never reports) is 8 GB, and a tiny figure keeps 25,000 rows', () => {
    expect(rowCapFor(undefined, 64)).toBe(1_000_000);
    expect(rowCapFor(undefined, 0.01)).toBe(25_000);
  });

  it('a cap set at build time wins over the device, either way', () => {
    expect(rowCapFor('200000', 8)).toBe(200_000);
    expect(rowCapFor('2000000', 0.25)).toBe(2_000_000);
    expect(rowCapFor(300, undefined)).toBe(300);
  });

  it('a build setting that is not a positive whole number is ignored', () => {
    for (const bad of ['', 'lots', '0', '-5', '1.5', ' ', undefined])
      expect(rowCapFor(bad, 4), JSON.stringify(bad)).toBe(500_000);
  });

  it('more memory never means fewer rows, and the cap is always a positive whole number', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.01, max: 100, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (a, t) => {
          const b = a + t * 10;
          const low = rowCapFor(undefined, a);
          expect(Number.isInteger(low) && low > 0).toBe(true);
          expect(rowCapFor(undefined, b)).toBeGreaterThanOrEqual(low);
        },
      ),
    );
  });
});
