/**
 * Addresses on the archive's public site, from URL patterns set at build time
 * (VITE_COLLECTION_PAGE_PATTERN, VITE_CAPTURES_PATTERN, VITE_PRESS_IMAGE_PATTERN), with
 * Archive-It's own as defaults.
 */
import { safeUrl } from './safe-url';

export const COLLECTION_PAGE_PATTERN =
  import.meta.env.VITE_COLLECTION_PAGE_PATTERN ?? 'https://archive-it.org/collections/{id}';
export const CAPTURES_PATTERN =
  import.meta.env.VITE_CAPTURES_PATTERN ?? 'https://wayback.archive-it.org/{collection}/*/{url}';
export const PRESS_IMAGE_PATTERN =
  import.meta.env.VITE_PRESS_IMAGE_PATTERN ?? '/press-images/{image}';

function fill(pattern: string, values: Record<string, string>): string {
  return pattern.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** The collection's public page, or null if the pattern gives no http(s) address. */
export function collectionPageUrl(id: number, pattern = COLLECTION_PAGE_PATTERN): string | null {
  return safeUrl(fill(pattern, { id: String(id) }));
}

/** A seed's archived captures. The seed URL goes in unencoded, as the wayback expects. */
export function capturesUrl(
  collection: number,
  seedUrl: string,
  pattern = CAPTURES_PATTERN,
): string | null {
  if (safeUrl(seedUrl) === null) return null;
  return safeUrl(fill(pattern, { collection: String(collection), url: seedUrl }));
}

export function pressImageUrl(image: string, pattern = PRESS_IMAGE_PATTERN): string | null {
  const filled = fill(pattern, { image: encodeURIComponent(image) });
  if (filled.startsWith('/') && !filled.startsWith('//')) return filled;
  return safeUrl(filled);
}
