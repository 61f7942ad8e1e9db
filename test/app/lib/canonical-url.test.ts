/**
 * The site address of a seed's URL: examples of each rule, and properties over random addresses
 * (the rules' equivalences hold, folding twice is folding once) and random text (never throws).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalSite } from '../../../src/lib/canonical-url';

describe('canonicalSite', () => {
  it.each([
    ['https://www.example.org/', 'example.org'],
    ['http://example.org', 'example.org'],
    ['HTTPS://WWW.Example.ORG/About/', 'example.org/About'],
    ['https://example.org/a/?Q=1', 'example.org/a?Q=1'],
    ['https://example.org/a#top', 'example.org/a'],
    ['https://example.org:443/a', 'example.org/a'],
    ['http://example.org:80/a', 'example.org/a'],
    ['https://example.org:80/a', 'example.org/a'],
    ['https://example.org:8080/a', 'example.org:8080/a'],
    ['https://user:secret@example.org/a', 'example.org/a'],
    ['https://bücher.de/', 'xn--bcher-kva.de'],
    ['https://xn--bcher-kva.de', 'xn--bcher-kva.de'],
    ['https://www.www.example.org', 'example.org'],
    ['https://www.com/', 'www.com'],
    ['https://example.org./a', 'example.org/a'],
    ['example.org/a/', 'example.org/a'],
    ['//example.org/a', 'example.org/a'],
    ['  https://example.org/a  ', 'example.org/a'],
  ])('%s is the site %s', (url, site) => {
    expect(canonicalSite(url)).toBe(site);
  });

  it.each([
    [null],
    [''],
    ['   '],
    ['http://'],
    ['https://exa mple.org/'],
    ['http://[::1'],
    ['mailto:someone@example.org'],
    ['javascript:alert(1)'],
    ['ftp://example.org/'],
    ['file:///etc/passwd'],
    ['http://example.org:99999/'],
  ])('%s has no site address', (url) => {
    expect(canonicalSite(url)).toBeNull();
  });

  it('keeps the case of the path and the query', () => {
    expect(canonicalSite('https://example.org/About?Q=A')).not.toBe(
      canonicalSite('https://example.org/about?q=a'),
    );
  });

  const webUrl = fc.webUrl({ withQueryParameters: true, withFragments: true });
  const anyText = fc.oneof(
    fc.string(),
    fc.string({ unit: 'binary' }),
    fc.string({ unit: 'grapheme' }),
  );
  /** Random text after a scheme, so that the parser reads much of it. */
  const urlish = fc
    .tuple(fc.constantFrom('http://', 'https://www.', 'HTTP://', '//', ''), anyText)
    .map(([head, tail]) => head + tail);

  it('has no site for an address longer than 8,192 characters, however padded the short one is', () => {
    const padded = `${' '.repeat(5_000)}https://www.Example.org/about/${' '.repeat(5_000)}`;
    expect(canonicalSite(padded)).toBe('example.org/about');
    expect(canonicalSite(`https://example.org/${'a'.repeat(8_200)}`)).toBeNull();
    expect(canonicalSite(`https://example.org/${'a'.repeat(5 * 1_048_576)}`)).toBeNull();
  });

  it('folds to itself: the site of a site is the site', () => {
    fc.assert(
      fc.property(fc.oneof(webUrl, urlish, anyText), (url) => {
        const site = canonicalSite(url);
        if (site !== null) expect(canonicalSite(site)).toBe(site);
      }),
      { numRuns: 2000 },
    );
  });

  it('never throws, whatever the text', () => {
    fc.assert(
      fc.property(fc.oneof(urlish, anyText), (text) => {
        const site = canonicalSite(text);
        expect(site === null || typeof site === 'string').toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('gives one site for the scheme, www., trailing slash, host case, default port and fragment', () => {
    const variant = fc.record({
      https: fc.boolean(),
      www: fc.boolean(),
      slash: fc.boolean(),
      upper: fc.boolean(),
      port: fc.boolean(),
      fragment: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.domain(),
        fc.array(fc.stringMatching(/^[A-Za-z0-9_-]{1,8}$/), { maxLength: 3 }),
        fc.option(fc.stringMatching(/^[a-z]=[A-Za-z0-9]{1,5}$/), { nil: undefined }),
        variant,
        variant,
        (domain, segments, query, a, b) => {
          const make = (v: typeof a) => {
            const host = `${v.www ? 'www.' : ''}${v.upper ? domain.toUpperCase() : domain}`;
            const scheme = v.https ? 'https' : 'http';
            const port = v.port ? `:${v.https ? '443' : '80'}` : '';
            const path = `/${segments.join('/')}${v.slash && segments.length > 0 ? '/' : ''}`;
            return `${scheme}://${host}${port}${path}${query ? `?${query}` : ''}${v.fragment ? '#x' : ''}`;
          };
          // A domain that is itself www.<name> would lose its www. either way.
          expect(canonicalSite(make(a))).toBe(canonicalSite(make(b)));
          expect(canonicalSite(make(a))).not.toBeNull();
        },
      ),
      { numRuns: 1000 },
    );
  });
});

/**
 * The site as the URL parser reads it, every address through it: what the explorer gives for an
 * address it folds without the parser must be this.
 */
function siteByParser(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  let host = parsed.hostname.replace(/\.+$/, '');
  while (host.startsWith('www.') && host.slice(4).includes('.')) host = host.slice(4);
  if (host === '') return null;
  const port = parsed.port === '' || ['80', '443'].includes(parsed.port) ? '' : `:${parsed.port}`;
  return `${host}${port}${parsed.pathname.replace(/\/+$/, '')}${parsed.search}`;
}

describe('addresses folded without the parser', () => {
  /** Pieces of plain addresses, and of addresses that are nearly so. */
  const piece = (plain: string, odd: readonly string[]) =>
    fc.oneof(
      {
        weight: 6,
        arbitrary: fc.string({ unit: fc.constantFrom(...Array.from(plain)), maxLength: 8 }),
      },
      { weight: 1, arbitrary: fc.constantFrom(...odd) },
    );
  const letters = 'abcXYZ019-';
  const label = piece(letters, ['', 'xn--bcher-kva', 'XN--abc', 'www', '0x1f', '255', 'bü', '_a']);
  const host = fc
    .tuple(fc.array(label, { minLength: 1, maxLength: 4 }), fc.constantFrom('', '.', '..'))
    .map(([labels, dot]) => labels.join('.') + dot);
  const pathChars = "aZ09_.~!$&'()*+,;=:@-";
  const segment = piece(pathChars, [
    '.',
    '..',
    '%2e',
    '%2E.',
    '%41',
    '"',
    '`',
    '{',
    '|',
    '^',
    ' ',
    '\\',
    'é',
    '\t',
    '<',
  ]);
  const path = fc.array(segment, { maxLength: 4 }).map((s) => s.map((p) => `/${p}`).join(''));
  const query = fc.option(
    piece('aZ09_.~!$&()*+,;=:@/?-', ["'", '%zz', '"', '#top', ' ', 'ü', '`', '{']).map(
      (q) => `?${q}`,
    ),
    { nil: '' },
  );
  const address = fc
    .tuple(
      fc.constantFrom('http://', 'https://', 'HTTPS://', 'hTtP://'),
      host,
      fc.option(fc.constantFrom(':80', ':443', ':8080', '@'), { nil: '' }),
      path,
      query,
    )
    .map((parts) => parts.join(''));

  it('gives each the site the URL parser gives', () => {
    fc.assert(
      fc.property(address, (url) => {
        expect(canonicalSite(url)).toBe(siteByParser(url));
      }),
      { numRuns: 5000 },
    );
  });
});
