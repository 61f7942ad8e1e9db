/**
 * A seed's site address: the one normalisation by which seeds of different collections (or of
 * one) are the same site. The address is read by the URL parser and folded:
 *
 * - the scheme: http and https are one site (the key has no scheme; an address without one is
 *   read as http, `//host/…` too);
 * - the host: its case (the parser folds it, and writes a name in other scripts as punycode, so
 *   `bücher.de` and `xn--bcher-kva.de` are one), a trailing dot, and leading `www.` labels (not
 *   one that would leave a bare top-level name: `www.com` stays);
 * - the port: 80 and 443 are dropped whichever the scheme, since the scheme is folded;
 * - the user name and password, and the fragment (`#…`): not part of the site;
 * - the path's trailing slashes (`/about/` is `/about`, `/` is nothing).
 *
 * The path and query keep their case. An address the parser cannot read, not http(s), or longer
 * than `LONGEST_ADDRESS` (safe-url.ts) has no site address (null): such a seed is never shared with another. The key is itself an address
 * that folds to itself.
 */
import { LONGEST_ADDRESS } from './safe-url';

const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
/** A scheme without `//` (`mailto:`, `javascript:`), told from a host and port (`host:8080`). */
const OTHER_SCHEME = /^[a-z][a-z0-9+.-]*:(?!\d)/i;
const WEB = /^https?:\/\//i;
const DEFAULT_PORTS = new Set(['80', '443']);

/**
 * An http(s) address the URL parser would give back as it is, but for the case of its scheme
 * and host: a host of ASCII letters, digits and hyphens (its last label starting with a letter,
 * so no IPv4 number; at most one trailing dot), no port or user, a path and a query only of
 * characters no parser escapes or reads (no `%`, backslash, space, quote or `#`). Most seeds' addresses
 * are so, and are folded without the parser, which costs most of the time at a million seeds.
 */
const PLAIN =
  /^https?:\/\/((?:[a-z\d-]+\.)*[a-z][a-z\d-]*)\.?((?:\/[\w.~!$&'()*+,;=:@-]*)*)(\?[\w.~!$&()*+,;=:@/?-]*)?$/i;
/** A path segment the parser removes or resolves (`.`, `..`). */
const DOT_SEGMENT = /\/\.\.?(?=\/|$)/;

/** The site address from the parts of a parsed address: host, port, path and query. */
function siteFrom(hostname: string, port: string, pathname: string, search: string): string | null {
  let host = hostname;
  if (host.endsWith('.')) host = host.replace(/\.+$/, '');
  while (host.startsWith('www.') && host.slice(4).includes('.')) host = host.slice(4);
  if (host === '') return null;
  const kept = port === '' || DEFAULT_PORTS.has(port) ? '' : `:${port}`;
  return `${host}${kept}${pathname.replace(/\/+$/, '')}${search}`;
}

/** The site of an address the parser need not read (`PLAIN`), or undefined for any other. */
function plainSite(absolute: string): string | null | undefined {
  const plain = PLAIN.exec(absolute);
  if (!plain) return undefined;
  const host = (plain[1] as string).toLowerCase();
  const path = plain[2] ?? '';
  // Punycode labels are checked by the parser, and dot segments resolved.
  if (host.includes('xn--') || DOT_SEGMENT.test(path)) return undefined;
  const query = plain[3] ?? '';
  return siteFrom(host, '', path, query === '?' ? '' : query);
}

/** The site address of a URL (`example.org/about?lang=en`), or null when there is none. */
export function canonicalSite(url: string | null | undefined): string | null {
  // Told by its length before it is read: trimming a string of megabytes copies it whole.
  if (typeof url !== 'string' || url.length > 2 * LONGEST_ADDRESS) return null;
  const text = url.trim();
  if (text === '' || text.length > LONGEST_ADDRESS) return null;
  if (!SCHEME.test(text) && OTHER_SCHEME.test(text)) return null;
  const absolute = SCHEME.test(text)
    ? text
    : text.startsWith('//')
      ? `http:${text}`
      : `http://${text}`;
  if (!WEB.test(absolute)) return null;
  const plain = plainSite(absolute);
  if (plain !== undefined) return plain;
  let parsed: URL;
  try {
    parsed = new URL(absolute);
  } catch {
    return null;
  }
  return siteFrom(parsed.hostname, parsed.port, parsed.pathname, parsed.search);
}
