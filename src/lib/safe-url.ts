/**
 * Every link built from catalogue data passes through here: only http(s) addresses become links.
 * `javascript:`, `data:` and anything unparsable are shown as text instead.
 */
export function safeUrl(text: string | null | undefined): string | null {
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
}
