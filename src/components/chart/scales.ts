/**
 * The two scales the bar charts need: a band scale for the categories and a linear one, made
 * "nice", for the figures. The arithmetic is d3-scale 4's and d3-array 3's (ISC licence, © Mike
 * Bostock), written out operation for operation so every bar, tick and label lands on exactly the
 * coordinates d3 gives; the rest of d3 (colour interpolation, time scales, number formats) is
 * never loaded.
 */

const E10 = Math.sqrt(50);
const E5 = Math.sqrt(10);
const E2 = Math.sqrt(2);

/** d3-array's `tickIncrement`: the step between ticks, negative for the inverse of a fraction. */
function tickIncrement(start: number, stop: number, count: number): number {
  const step = (stop - start) / Math.max(0, count);
  const power = Math.floor(Math.log(step) / Math.LN10);
  const error = step / Math.pow(10, power);
  const factor = error >= E10 ? 10 : error >= E5 ? 5 : error >= E2 ? 2 : 1;
  return power >= 0 ? factor * Math.pow(10, power) : -Math.pow(10, -power) / factor;
}

/** d3-array's `ticks` for `start` ≤ `stop`: about `count` round values between them. */
function ticks(start: number, stop: number, count: number): number[] {
  if (start === stop && count > 0) return [start];
  let step = tickIncrement(start, stop, count);
  if (step === 0 || !Number.isFinite(step)) return [];
  const out: number[] = [];
  if (step > 0) {
    let r0 = Math.round(start / step);
    let r1 = Math.round(stop / step);
    if (r0 * step < start) ++r0;
    if (r1 * step > stop) --r1;
    for (let i = 0; i < r1 - r0 + 1; i++) out.push((r0 + i) * step);
  } else {
    step = -step;
    let r0 = Math.round(start * step);
    let r1 = Math.round(stop * step);
    if (r0 / step < start) ++r0;
    if (r1 / step > stop) --r1;
    for (let i = 0; i < r1 - r0 + 1; i++) out.push((r0 + i) / step);
  }
  return out;
}

export interface BandScale {
  /** Where the band of `key` starts; undefined for a key outside the domain. */
  (key: string): number | undefined;
  bandwidth(): number;
  domain(): string[];
  range(): [number, number];
}

/**
 * d3's `scaleBand()` with `padding` inner and outer, centred (align 0.5), not rounded, over an
 * increasing range.
 */
export function scaleBand(keys: readonly string[], range: [number, number], padding: number) {
  const domain = [...new Set(keys)];
  const n = domain.length;
  const [r0, r1] = range;
  const inner = Math.min(1, padding);
  const step = (r1 - r0) / Math.max(1, n - inner + padding * 2);
  const start = r0 + (r1 - r0 - step * (n - inner)) * 0.5;
  const bandwidth = step * (1 - inner);
  const starts = new Map(domain.map((key, i) => [key, start + step * i]));
  const scale = (key: string) => starts.get(key);
  return Object.assign(scale, {
    bandwidth: () => bandwidth,
    domain: () => domain,
    range: () => range,
  }) satisfies BandScale;
}

export interface LinearScale {
  (value: number): number;
  ticks(count: number): number[];
  range(): [number, number];
}

/** d3's `scaleLinear()` from 0 to `max` (at least 1) onto `range`, after `.nice()`. */
export function scaleLinear(max: number, range: [number, number]): LinearScale {
  let d0 = 0;
  let d1 = max;
  // d3's `nice(10)`: widen the domain to round steps until the step settles.
  let start = d0;
  let stop = d1;
  let previous: number | undefined;
  for (let tries = 10; tries > 0; tries--) {
    const step = tickIncrement(start, stop, 10);
    if (step === previous) {
      d0 = start;
      d1 = stop;
      break;
    } else if (step > 0) {
      start = Math.floor(start / step) * step;
      stop = Math.ceil(stop / step) * step;
    } else if (step < 0) {
      start = Math.ceil(start * step) / step;
      stop = Math.floor(stop * step) / step;
    } else {
      break;
    }
    previous = step;
  }
  const span = d1 - d0;
  const [r0, r1] = range;
  // d3's normalize, then interpolateNumber.
  const scale = (value: number) => {
    const t = (value - d0) / span;
    return r0 * (1 - t) + r1 * t;
  };
  return Object.assign(scale, {
    ticks: (count: number) => ticks(d0, d1, count),
    range: () => range,
  });
}
