/**
 * Longer addresses are not links: no browser or crawler keeps one (a service that sends a
 * megabyte-long URL sends something else), and reading one, on every render that shows it, would
 * stall the page.
 */
export const LONGEST_ADDRESS = 8_192;

/**
 * Every link built from catalogue data passes through here: only http(s) addresses become links.
 * `javascript:`, `data:`, anything unparsable and anything longer than `LONGEST_ADDRESS` are shown
 * as text instead.
 */
export function safeUrl(text: string | null | undefined): string | null {
  // Told by its length before it is read: trimming a string of megabytes copies it whole.
  if (!text || text.length > 2 * LONGEST_ADDRESS) return null;
  const address = text.trim();
  if (address.length > LONGEST_ADDRESS) return null;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
}
