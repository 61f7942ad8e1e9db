/**
 * Which catalogue this server serves, as an opaque name the page keys its saved lists by: one
 * upstream (or account, or sample) never sees the lists saved from another at the same address.
 * The name is a digest, so the page learns nothing from it but whether it changed. The sample's
 * day (`--as-of`) is not part of it: the same catalogue at another time is the same catalogue, so
 * a list saved from it is compared with the fresh one ("since your copy").
 */
import { createHash } from 'node:crypto';
import { DEFAULT_RANDOM_SEED } from './catalogue/generate';
import type { StartOptions } from './options';

export function catalogueSourceOf(
  options: Pick<StartOptions, 'upstream' | 'seeds' | 'public' | 'faults'>,
  username: string | undefined,
): string {
  const described = options.upstream
    ? ['upstream', options.upstream.href, username ?? '']
    : [
        'sample',
        String(options.seeds),
        String(DEFAULT_RANDOM_SEED),
        options.public ? 'public' : 'account',
        options.faults?.hostile ? 'hostile' : '',
      ];
  return createHash('sha256').update(described.join('\n')).digest('hex').slice(0, 20);
}

/**
 * The page, naming its catalogue in a meta element the app reads before it asks for anything, and,
 * with --sign-in, whose accounts people sign in with (the service's host, or `demo`).
 */
export function withPageMeta(
  html: string,
  meta: { catalogueSource: string; signIn?: string | undefined },
): string {
  const tags = [
    `<meta name="catalogue-source" content="${meta.catalogueSource.replace(/[^0-9a-z]/gi, '')}" />`,
  ];
  if (meta.signIn !== undefined) {
    tags.push(`<meta name="sign-in" content="${meta.signIn.replace(/[^0-9a-z.:[\]-]/gi, '')}" />`);
  }
  return html.replace('</head>', `${tags.map((tag) => `    ${tag}\n`).join('')}  </head>`);
}

const attribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The page, asking the browser for these API requests (the first pages of the lists it reads,
 * src/addresses/first-lists.ts) as it reads the page's head: by the time the page's code asks for
 * them, a third of a second later, they are on their way or there, and the browser hands the code
 * the answers it preloaded. Same-origin paths only.
 */
export function withFirstRequests(html: string, paths: readonly string[]): string {
  const links = paths
    .filter((path) => path.startsWith('/api/'))
    .map((path) => `<link rel="preload" as="fetch" crossorigin href="${attribute(path)}" />`);
  if (links.length === 0) return html;
  return html.replace(/<head>/i, (head) => `${head}\n    ${links.join('\n    ')}`);
}
