/**
 * Stand-in press images for the sample catalogue: the service stores an image per press item and
 * the sample has only file names, so each name gets a simple generated picture (a masthead with
 * the publication's initials and the year). Nothing from the request reaches the picture but
 * letters, digits and the hash of the name.
 */
const PALETTE = ['#1f4e79', '#7b2d26', '#2f5d3a', '#5b3f8c', '#8a5a14', '#245b66', '#6b2f57'];

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

export function pressImageSvg(fileName: string): string | null {
  const match = /^([a-z0-9-]{1,80})\.(?:jpe?g|png|gif|webp)$/i.exec(fileName);
  if (!match?.[1]) return null;
  const words = match[1].split('-').filter(Boolean);
  const year = words.find((w) => /^\d{4}$/.test(w)) ?? '';
  const initials = words
    .filter((w) => /^[a-z]/i.test(w) && w !== 'the')
    .map((w) => w.charAt(0).toUpperCase())
    .slice(0, 3)
    .join('');
  const colour = PALETTE[hash(fileName) % PALETTE.length] ?? '#1f4e79';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 280" width="640" height="280">
<rect width="640" height="280" fill="${colour}"/>
<rect x="24" y="24" width="592" height="232" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="2"/>
<text x="320" y="150" text-anchor="middle" font-family="Georgia, serif" font-size="88" font-weight="700" fill="#ffffff">${initials}</text>
<text x="320" y="210" text-anchor="middle" font-family="Georgia, serif" font-size="28" fill="#ffffff" fill-opacity="0.8">${year}</text>
</svg>`;
}
