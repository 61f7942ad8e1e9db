/**
 * Colours as people see them: WCAG contrast, and how far apart two colours stay for someone with
 * one of the common colour-vision deficiencies (simulated with Machado, Oliveira and Fernandes'
 * 2009 matrices at full severity), measured as CIE76 ΔE in CIELAB.
 */

type Rgb = readonly [number, number, number];

/** A computed CSS colour, "rgb(31, 95, 168)", as its three channels (0–255). */
export function parseRgb(css: string): Rgb {
  const [r = NaN, g = NaN, b = NaN] = (css.match(/[\d.]+/g) ?? []).map(Number);
  if ([r, g, b].some(Number.isNaN)) throw new Error(`not an rgb() colour: ${css}`);
  return [r, g, b];
}

const linear = (c: number) => {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};
const encoded = (c: number) => {
  const s = Math.min(1, Math.max(0, c));
  return 255 * (s <= 0.0031308 ? 12.92 * s : 1.055 * s ** (1 / 2.4) - 0.055);
};

function luminance([r, g, b]: Rgb): number {
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG's contrast ratio, 1 to 21. */
export function contrast(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

type Matrix = readonly [Rgb, Rgb, Rgb];

export const DEFICIENCIES: Readonly<Record<string, Matrix>> = {
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  tritanopia: [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.3039],
  ],
};

/** The colour as someone with the deficiency sees it. */
export function simulate(colour: Rgb, matrix: Matrix): Rgb {
  const l = colour.map(linear) as unknown as Rgb;
  const [r, g, b] = matrix.map((row) => encoded(row[0] * l[0] + row[1] * l[1] + row[2] * l[2]));
  return [r ?? 0, g ?? 0, b ?? 0];
}

function lab(colour: Rgb): Rgb {
  const [r, g, b] = colour.map(linear) as unknown as Rgb;
  const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

/** How different two colours look: about 2 is just noticeable, over 40 is plainly different. */
export function deltaE(a: Rgb, b: Rgb): number {
  const [p, q] = [lab(a), lab(b)];
  return Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
}
