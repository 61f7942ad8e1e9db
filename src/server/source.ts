/**
 * Which catalogue this server serves, as an opaque name the page keys its saved lists by: one
 * upstream (or account, or sample) never sees the lists saved from another at the same address.
 * The name is a digest, so the page learns nothing from it but whether it changed.
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

/** The page, naming its catalogue in a meta element the app reads before it asks for anything. */
export function withCatalogueSource(html: string, source: string): string {
  const meta = `<meta name="catalogue-source" content="${source.replace(/[^0-9a-z]/gi, '')}" />`;
  return html.replace('</head>', `    ${meta}\n  </head>`);
}
