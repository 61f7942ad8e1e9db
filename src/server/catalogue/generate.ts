/**
 * The sample catalogue: accounts, collections, seeds, seed groups and press items, generated from
 * a seeded pseudo-random source so every run gives the same catalogue, with every quirk the
 * contract documents. It is long because each kind of record has its own plausible details, and
 * they share the one random source, whose order of use decides the whole catalogue.
 */
import type {
  Metadata,
  MetadataEntry,
  Timestamp,
  WireCollection,
  WirePressItem,
  WireSeedDefault,
  WireSeedGroup,
  WireSeedGroupRef,
} from '../../contract/wire';
import {
  Bursts,
  DAY,
  changeAsOf,
  changedAt,
  crawlsOf,
  dayOf,
  lastCrawl,
  presentAt,
  rhythmsOf,
  seedPast,
  type Crawls,
  type Timeline,
} from './history';
import { Random } from './random';
import {
  ACCOUNTS,
  AGENCIES,
  AGENCY_TITLES,
  ART_WORDS,
  CITIES,
  COLLECTION_SPECS,
  COVERAGE,
  CUSTOM_FIELDS,
  DESCRIPTION_OPENINGS,
  EMPTY_COLLECTION_COUNT,
  FIRST_NAMES,
  LANGUAGES,
  LAST_NAMES,
  NEWS_NAMES,
  ORGANIZATION_CAUSES,
  ORGANIZATION_WORDS,
  PAGES,
  PRESS_SPECS,
  RIGHTS,
  SEED_GROUP_NAMES,
  SOCIAL_SITES,
  STATES,
  SUBJECTS_BY_THEME,
  TYPES,
  UNIVERSITY_UNITS,
  WORK_QUEUE_GROUPS,
  type CollectionSpec,
  type Theme,
} from './vocabulary';

/**
 * A collection as stored: the contract's fields, plus what the real service shows an account
 * beyond the contract (a crawler user agent, a credential).
 */
export interface CollectionRecord extends WireCollection {
  custom_user_agent?: string | null;
  private_access_token?: string;
}

export interface Catalogue {
  /** Every list is kept in the service's order: stable, but not by id. */
  pressItems: WirePressItem[];
  collections: CollectionRecord[];
  seeds: WireSeedDefault[];
  seedGroups: WireSeedGroup[];
  /** How a seed group is embedded in a seed's `seed_groups` (format=api). */
  seedGroupRefs: ReadonlyMap<number, WireSeedGroupRef>;
}

export interface GenerateOptions {
  /** Number of seeds across all collections. Default 20,000. */
  seeds?: number;
  /** Seed of the pseudo-random source; the same value gives the same catalogue. */
  randomSeed?: number;
  /**
   * The day the catalogue's history runs up to (any instant of it, UTC): its recent work is in
   * the weeks before. By default a fixed day, so generation never depends on the clock.
   */
  today?: number;
  /**
   * The catalogue as it stood at the end of this day (any instant of it, UTC): records added
   * later are absent, records removed later present, and later changes not yet made.
   */
  asOf?: number;
}

export const DEFAULT_SEED_COUNT = 20_000;
export const DEFAULT_RANDOM_SEED = 20_061_994;

/** The catalogue's default today: generation never depends on the clock unless told. */
const DEFAULT_TODAY = Date.UTC(2026, 10, 1);
/** How long before today the first collection was made. */
const HISTORY_SPAN = DEFAULT_TODAY - Date.UTC(2006, 0, 15);
/** Seeds once in the catalogue and removed since, per seed in it. */
const REMOVED_SHARE = 0.015;

function timelineOf(options: GenerateOptions): Timeline {
  const now = dayOf(options.today ?? DEFAULT_TODAY);
  const cutoff = options.asOf === undefined ? now : Math.min(now, dayOf(options.asOf) + DAY);
  return { now, first: now - HISTORY_SPAN, cutoff };
}

/** Share of seeds whose `canonical_url` differs from `url`. */
const CANONICAL_DIFFERS = 0.15;

export function generateCatalogue(options: GenerateOptions = {}): Catalogue {
  const seedCount = options.seeds ?? DEFAULT_SEED_COUNT;
  if (!Number.isInteger(seedCount) || seedCount < 0) {
    throw new RangeError(`seeds must be a whole number of 0 or more, not ${String(seedCount)}`);
  }
  const rng = new Random(options.randomSeed ?? DEFAULT_RANDOM_SEED);
  const ids = new IdSource();
  const timeline = timelineOf(options);
  // Records not in the catalogue as of the cutoff: made all the same, so that every random draw,
  // and so every other record, is the same whatever the day.
  const absent = new Set<object>();

  const collections = COLLECTION_SPECS.map((spec, index) =>
    makeCollection(rng, ids, spec, index, timeline, absent),
  );
  assignCollectionIds(rng, collections);
  const seedsPerCollection = allocateSeeds(rng, seedCount, collections.length);
  const seedGroups: WireSeedGroup[] = [];
  const seedGroupRefs = new Map<number, WireSeedGroupRef>();
  const seeds: WireSeedDefault[] = [];
  const bytesPerSeed = new Map<CollectionRecord, number>();

  collections.forEach((collection, index) => {
    const spec = COLLECTION_SPECS[index] as CollectionSpec;
    const count = seedsPerCollection[index] ?? 0;
    const groups = makeSeedGroups(rng, ids, collection, spec.theme, count);
    for (const group of groups) {
      if (absent.has(collection)) continue;
      seedGroups.push({ id: group.id, name: group.name, collection: collection.id });
      seedGroupRefs.set(group.id, {
        id: group.id,
        name: group.name,
        account: group.account,
        collections: group.collections,
        visibility: group.visibility,
      });
    }
    const removed = Math.round(count * REMOVED_SHARE);
    const made = makeSeeds(rng, ids, collection, spec.theme, count + removed, groups, {
      timeline,
      removed,
      absent,
    });
    for (const seed of made) seeds.push(seed);
    bytesPerSeed.set(collection, count === 0 ? 0 : rng.logUniform(3e6, 6e8));
  });

  assignSeedIds(rng, seeds);
  shareWorkQueues(
    collections.filter((c) => !absent.has(c)),
    seedGroupRefs,
  );
  for (const collection of collections) {
    // Some accounts set a crawler user agent; the public representation never shows it.
    collection.custom_user_agent =
      collection.id % 4 === 0
        ? `Mozilla/5.0 (compatible; archive-crawler; +${String(collection.account)})`
        : null;
  }

  const pressItems = rng.shuffle(makePressItems(rng, timeline, absent));
  const present = <T extends object>(records: T[]): T[] =>
    absent.size === 0 ? records : records.filter((record) => !absent.has(record));
  const shown = {
    pressItems: present(pressItems),
    collections: present(rng.shuffle(collections)),
    seeds: present(rng.shuffle(seeds)),
    seedGroups: rng.shuffle(seedGroups),
    seedGroupRefs,
  };
  countSeeds(shown.collections, shown.seeds, bytesPerSeed);
  return shown;
}

/** Each collection's seed counts and archive size, from the seeds it has as of the cutoff. */
function countSeeds(
  collections: readonly CollectionRecord[],
  seeds: readonly WireSeedDefault[],
  bytesPerSeed: ReadonlyMap<CollectionRecord, number>,
): void {
  const byId = new Map(collections.map((c) => [c.id, c]));
  for (const seed of seeds) {
    const collection = byId.get(seed.collection);
    if (collection === undefined) continue;
    if (seed.active) collection.num_active_seeds++;
    else collection.num_inactive_seeds++;
  }
  for (const collection of collections) {
    const count = collection.num_active_seeds + collection.num_inactive_seeds;
    if (count === 0 || collection.last_crawl_date === null) {
      collection.total_warc_bytes = 0;
      collection.last_crawl_date = null;
    } else {
      collection.total_warc_bytes = Math.round(count * (bytesPerSeed.get(collection) ?? 0));
    }
  }
}

/**
 * Work queues often span collections: the first "Needs metadata" group of each account also
 * covers that account's next collection, as the real service's `collections` list shows. Decided
 * without the random source, so the rest of the catalogue stays as it was.
 */
function shareWorkQueues(
  collections: readonly CollectionRecord[],
  refs: Map<number, WireSeedGroupRef>,
): void {
  const shared = new Set<number>();
  for (const ref of [...refs.values()].sort((a, b) => a.id - b.id)) {
    if (ref.name !== WORK_QUEUE_GROUPS[0] || shared.has(ref.account)) continue;
    const own = ref.collections[0];
    const next = collections
      .filter((c) => c.account === ref.account && c.id !== own)
      .sort((a, b) => a.id - b.id)[0];
    if (next === undefined) continue;
    shared.add(ref.account);
    refs.set(ref.id, { ...ref, collections: [...ref.collections, next.id] });
  }
}

class IdSource {
  private metadata = 540_000;
  private seedGroup = 1_180;

  metadataEntry(rng: Random, value: string): MetadataEntry {
    this.metadata += rng.int(1, 7);
    return { id: this.metadata, value };
  }

  seedGroupId(rng: Random): number {
    this.seedGroup += rng.int(1, 19);
    return this.seedGroup;
  }
}

/** Zipf-like shares: a few collections hold thousands of seeds, many hold tens. */
function allocateSeeds(rng: Random, total: number, collectionCount: number): number[] {
  const filled = collectionCount - EMPTY_COLLECTION_COUNT;
  const ranks = rng.shuffle(Array.from({ length: filled }, (_, i) => i));
  const weights = ranks.map((rank) => 1 / Math.pow(rank + 1, 1.25));
  const sum = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((w) => Math.floor((total * w) / sum));
  let remainder = total - counts.reduce((a, b) => a + b, 0);
  const byWeight = weights.map((w, i) => [w, i] as const).sort((a, b) => b[0] - a[0]);
  for (let k = 0; remainder > 0; k = (k + 1) % byWeight.length, remainder--) {
    const index = (byWeight[k] as readonly [number, number])[1];
    counts[index] = (counts[index] ?? 0) + 1;
  }
  return [...counts, ...Array<number>(EMPTY_COLLECTION_COUNT).fill(0)];
}

/** Creation instants kept beside the records so ids can follow creation order. */
const collectionCreatedAt = new WeakMap<CollectionRecord, number>();
/** Each collection's crawl schedule, which its seeds' bursts of work follow. */
const collectionCrawls = new WeakMap<CollectionRecord, Crawls>();

/** Collection ids grow with creation time and leave gaps, as on a long-lived service. */
function assignCollectionIds(rng: Random, collections: CollectionRecord[]): void {
  const byCreation = [...collections].sort(
    (a, b) => (collectionCreatedAt.get(a) ?? 0) - (collectionCreatedAt.get(b) ?? 0),
  );
  let id = 1_000;
  for (const collection of byCreation) {
    id += rng.int(40, 420);
    collection.id = id;
  }
}

const dayText = new Map<number, string>();

/**
 * ISO 8601 UTC to the second, with six fractional digits half of the time, as the service sends.
 * The same instant is always written the same way (a record never changed since it was added
 * has the same text in both dates), and without the random source, so that which dates a record
 * shows as of a day changes no other record.
 */
function timestamp(ms: number): Timestamp {
  const seconds = Math.floor(ms / 1000);
  const day = Math.floor(seconds / 86_400);
  let date = dayText.get(day);
  if (date === undefined) {
    date = new Date(day * DAY).toISOString().slice(0, 11);
    dayText.set(day, date);
  }
  const inDay = seconds - day * 86_400;
  const whole = `${date}${two(Math.floor(inDay / 3600))}:${two(Math.floor(inDay / 60) % 60)}:${two(inDay % 60)}`;
  const mixed = Math.imul(seconds ^ (seconds >>> 15), 0x2c1b3c6d) >>> 0;
  if ((mixed & 1) === 0) return `${whole}Z`;
  const micros = (ms - seconds * 1000) * 1000 + ((mixed >>> 1) % 1000);
  return `${whole}.${String(micros).padStart(6, '0')}Z`;
}

function two(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

function between(rng: Random, start: number, end: number): number {
  return start + Math.floor(rng.next() * Math.max(0, end - start));
}

/** Vocabulary words are few, so their derived forms are computed once each. */
function memoise(f: (text: string) => string): (text: string) => string {
  const cache = new Map<string, string>();
  return (text) => {
    let result = cache.get(text);
    if (result === undefined) {
      result = f(text);
      cache.set(text, result);
    }
    return result;
  };
}

const capitalise = memoise((word) =>
  word
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join(' '),
);

const slug = memoise((text) =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z0-9]+/g, ''),
);

function accountUsers(account: number): readonly string[] {
  return ACCOUNTS.find((a) => a.id === account)?.users ?? ['system'];
}

function institution(account: number): string {
  return ACCOUNTS.find((a) => a.id === account)?.institution ?? 'Unknown institution';
}

/** Topic codes as the service stores them: sometimes null, empty, or with a trailing `;`. */
function topicsText(rng: Random, codes: readonly string[]): string | null {
  const roll = rng.next();
  if (codes.length === 0) return roll < 0.5 ? null : '';
  if (roll < 0.1) return null;
  if (roll < 0.16) return '';
  const chosen = rng.sample(codes, rng.int(1, codes.length));
  return chosen.join(';') + (roll < 0.4 ? ';' : '');
}

function makeCollection(
  rng: Random,
  ids: IdSource,
  spec: CollectionSpec,
  index: number,
  { now, first, cutoff }: Timeline,
  absent: Set<object>,
): CollectionRecord {
  const isNew = index >= COLLECTION_SPECS.length - EMPTY_COLLECTION_COUNT;
  const created = isNew
    ? between(rng, now - 200 * DAY, now - 10 * DAY)
    : between(rng, first, now - 400 * DAY);
  const updated = changedAt(rng, created, now);
  const users = accountUsers(spec.account);
  const neverCrawled = isNew || rng.chance(0.04);
  const crawls = crawlsOf(rng, created, now);
  const createdBy = rng.pick(users);
  const updatedBy = rng.chance(0.25) ? 'system' : rng.pick(users);
  const crawled = neverCrawled ? null : lastCrawl(crawls, cutoff);
  const changedYet = updated < cutoff;
  const active = !isNew && rng.chance(0.3) ? 'INACTIVE' : 'ACTIVE';
  const publiclyVisible = rng.chance(0.78);
  const record: CollectionRecord = {
    id: 0, // set by assignCollectionIds
    account: spec.account,
    name: spec.name,
    state: active,
    deleted: false,
    publicly_visible: publiclyVisible,
    oai_exported: rng.chance(0.3),
    image: rng.chance(0.45) ? rng.int(1_000, 60_000) : null,
    topics: topicsText(rng, spec.topics),
    num_active_seeds: 0,
    num_inactive_seeds: 0,
    total_warc_bytes: 0,
    last_crawl_date: crawled === null ? null : timestamp(crawled),
    metadata: collectionMetadata(rng, ids, spec),
    created_by: createdBy,
    created_date: timestamp(created),
    last_updated_by: changedYet ? updatedBy : createdBy,
    last_updated_date: timestamp(changedYet ? updated : created),
  };
  if (!publiclyVisible && rng.chance(0.6)) {
    record.private_access_token = `pat_${randomToken(rng, 32)}`;
  }
  collectionCreatedAt.set(record, created);
  collectionCrawls.set(record, crawls);
  if (created >= cutoff) absent.add(record);
  return record;
}

function randomToken(rng: Random, length: number): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  let token = '';
  for (let i = 0; i < length; i++) token += alphabet.charAt(rng.int(0, alphabet.length - 1));
  return token;
}

function collectionMetadata(rng: Random, ids: IdSource, spec: CollectionSpec): Metadata {
  if (rng.chance(0.15)) return {};
  const meta: Metadata = {};
  const add = (field: string, value: string) => {
    (meta[field] ??= []).push(ids.metadataEntry(rng, value));
  };
  if (rng.chance(0.5)) add('Title', spec.name);
  const owner = institution(spec.account);
  add(
    'Description',
    rng.chance(0.3)
      ? `<p>Websites collected by the ${owner} under the theme “${spec.name}”.</p>\n<p>Selection follows the <b>collection development policy</b> of 2014.</p>`
      : `Websites collected by the ${owner}: ${spec.name.toLowerCase()}.\n\nCaptured at least quarterly; some sites weekly during active periods.`,
  );
  for (const subject of rng.sample(SUBJECTS_BY_THEME[spec.theme], rng.int(1, 4))) {
    add('Subject', subject);
  }
  add('Collector', owner);
  if (rng.chance(0.4)) add('Creator', owner);
  if (rng.chance(0.6)) add('Language', rng.pick(LANGUAGES));
  if (rng.chance(0.4)) add('Date', `${rng.int(2006, 2024)}-`);
  if (rng.chance(0.35)) add('Rights', rng.pick(RIGHTS));
  if (rng.chance(0.3)) add('Coverage', rng.pick(COVERAGE));
  if (rng.chance(0.2))
    add(
      'Collection Scope Note',
      'Excludes sites behind a paywall.\r\nIncludes PDFs linked from seed pages.',
    );
  return meta;
}

interface GroupInfo extends WireSeedGroupRef {
  workQueue: boolean;
}

function makeSeedGroups(
  rng: Random,
  ids: IdSource,
  collection: CollectionRecord,
  theme: Theme,
  seedCount: number,
): GroupInfo[] {
  if (seedCount === 0) return [];
  const pool = SEED_GROUP_NAMES[theme];
  const wanted = Math.min(pool.length, rng.int(0, 2) + Math.floor(Math.log2(seedCount + 1) / 2));
  const names = rng.sample(pool, wanted).map((name) => ({ name, workQueue: false }));
  for (const queue of WORK_QUEUE_GROUPS) {
    if (rng.chance(0.3)) names.push({ name: queue, workQueue: true });
  }
  return names.map(({ name, workQueue }) => ({
    id: ids.seedGroupId(rng),
    name,
    account: collection.account,
    collections: [collection.id],
    visibility: rng.chance(0.7) ? 'PRIVATE' : 'PUBLIC',
    workQueue,
  }));
}

interface Site {
  url: string;
  title: string;
  creator: string;
}

function person(rng: Random): [string, string] {
  return [rng.pick(FIRST_NAMES), rng.pick(LAST_NAMES)];
}

/** A plausible site for a theme: an address, and the title and creator a cataloguer would give. */
function makeSite(rng: Random, theme: Theme): Site {
  switch (theme) {
    case 'government': {
      const state = rng.pick(STATES);
      const agency = rng.pick(AGENCIES);
      const title = `${capitalise(state)} ${AGENCY_TITLES[agency]}`;
      const page = rng.chance(0.6) ? `${rng.pick(PAGES)}/` : '';
      const year = page && rng.chance(0.5) ? `${rng.int(2005, 2026)}/` : '';
      return { url: `https://www.${state}.gov/${agency}/${page}${year}`, title, creator: title };
    }
    case 'elections': {
      const [first, last] = person(rng);
      const office = rng.pick(['congress', 'senate', 'governor', 'mayor', 'council', 'statehouse']);
      if (rng.chance(0.2)) {
        const measure = rng.int(90, 120);
        return {
          url: `https://yeson${measure}.org/`,
          title: `Yes on Measure ${measure}`,
          creator: `Committee for Measure ${measure}`,
        };
      }
      return {
        url: `https://www.${slug(first + last)}for${office}.com/${rng.chance(0.4) ? `${rng.pick(['issues', 'about', 'news', 'endorsements'])}/` : ''}`,
        title: `${first} ${last} for ${capitalise(office)}`,
        creator: `Friends of ${first} ${last}`,
      };
    }
    case 'news': {
      const city = rng.pick(CITIES);
      const paper = rng.pick(NEWS_NAMES);
      const section = rng.pick([
        'news',
        'local',
        'politics',
        'opinion',
        'sports',
        'business',
        'arts',
        'obituaries',
      ]);
      const title = `${capitalise(city)} ${capitalise(paper)}`;
      return {
        url: `https://www.${slug(city)}${paper}.com/${section}/${rng.chance(0.5) ? `${rng.int(2010, 2026)}/` : ''}`,
        title: `${title} – ${capitalise(section)}`,
        creator: title,
      };
    }
    case 'social': {
      const site = rng.pick(SOCIAL_SITES);
      const [first, last] = person(rng);
      const org = rng.chance(0.5);
      const name = org
        ? `${rng.pick(ORGANIZATION_WORDS)} ${rng.pick(ORGANIZATION_CAUSES)}`
        : `${first} ${last}`;
      const handle =
        slug(org ? name.replace(/^\w+ \w+ /, '') : first + last) +
        (rng.chance(0.4) ? String(rng.int(1, 99)) : '');
      return {
        url: `https://${site.host}${site.path(handle)}`,
        title: `${name} on ${site.label}`,
        creator: name,
      };
    }
    case 'university': {
      const unit = rng.pick(UNIVERSITY_UNITS);
      const roll = rng.next();
      if (roll < 0.3) {
        const [first, last] = person(rng);
        return {
          url: `https://blogs.willamettevalley.edu/${slug(first)}${slug(last)}/`,
          title: `${first} ${last} – Faculty blog`,
          creator: `${last}, ${first}`,
        };
      }
      const title = `Willamette Valley University – ${capitalise(unit)}`;
      const page = rng.chance(0.5) ? `${rng.pick(PAGES)}/` : '';
      return {
        url:
          roll < 0.65
            ? `https://${unit}.willamettevalley.edu/${page}`
            : `https://www.willamettevalley.edu/${unit}/${page}`,
        title,
        creator: 'Willamette Valley University',
      };
    }
    case 'arts': {
      const [first, last] = person(rng);
      const word = rng.pick(ART_WORDS);
      if (rng.chance(0.5)) {
        return {
          url: `https://www.${slug(first)}${slug(last)}${word}.com/${rng.chance(0.4) ? 'work/' : ''}`,
          title: `${first} ${last} ${capitalise(word)}`,
          creator: `${last}, ${first}`,
        };
      }
      const exhibition = `${rng.pick(['still', 'after', 'between', 'new', 'other', 'low'])}-${rng.pick(['water', 'light', 'ground', 'voices', 'forms', 'tides'])}`;
      return {
        url: `https://${slug(last)}${word}.org/exhibitions/${exhibition}-${rng.int(2008, 2026)}/`,
        title: `${capitalise(exhibition)} at ${last} ${capitalise(word)}`,
        creator: `${last} ${capitalise(word)}`,
      };
    }
    case 'events': {
      const roll = rng.next();
      if (roll < 0.35) return makeSite(rng, 'news');
      if (roll < 0.6) return makeSite(rng, 'government');
      if (roll < 0.8) return makeSite(rng, 'social');
      const cause = rng.pick(['fire', 'flood', 'covid', 'relief', 'mutualaid', 'recovery']);
      const city = rng.pick(CITIES);
      return {
        url: `https://www.${slug(city)}${cause}.org/${rng.chance(0.5) ? `${rng.pick(PAGES)}/` : ''}`,
        title: `${capitalise(city)} ${capitalise(cause)} Network`,
        creator: `${capitalise(city)} ${capitalise(cause)} Network`,
      };
    }
    case 'community': {
      const name = `${rng.pick(ORGANIZATION_WORDS)} ${rng.pick(ORGANIZATION_CAUSES)}`;
      const city = rng.pick(CITIES);
      if (rng.chance(0.3)) {
        const [, last] = person(rng);
        const trade = rng.pick([
          'bakery',
          'books',
          'hardware',
          'coffee',
          'bikes',
          'records',
          'market',
        ]);
        return {
          url: `https://www.${slug(last)}${trade}${slug(city)}.com/`,
          title: `${last}’s ${capitalise(trade)}`,
          creator: `${last}’s ${capitalise(trade)}`,
        };
      }
      return {
        url: `https://www.${slug(name)}${rng.chance(0.5) ? slug(city) : ''}.org/${rng.chance(0.4) ? `${rng.pick(PAGES)}/` : ''}`,
        title: `${name} (${capitalise(city)})`,
        creator: name,
      };
    }
  }
}

/**
 * The address as a curator typed it, and the service's normalised form. Most are the same; some
 * differ by host case, a missing root slash, a default port, a fragment, a session id or `www.`.
 */
function urlVariants(rng: Random, url: string): { url: string; canonical: string } {
  if (!rng.chance(CANONICAL_DIFFERS)) return { url, canonical: url };
  const match = /^(https?):\/\/([^/]+)(\/.*)$/.exec(url);
  if (!match) return { url, canonical: url };
  const [, scheme, host = '', path = '/'] = match;
  switch (rng.int(0, 5)) {
    case 0:
      return { url: `${scheme}://${host.toUpperCase()}${path}`, canonical: url };
    case 1:
      return path === '/'
        ? { url: `${scheme}://${host}`, canonical: url }
        : { url: `${url}index.html`, canonical: url };
    case 2:
      return { url: `${scheme}://${host}:${scheme === 'https' ? 443 : 80}${path}`, canonical: url };
    case 3:
      return { url: `${url}#main-content`, canonical: url };
    case 4:
      return { url: `${url}?sessionid=${randomToken(rng, 12)}`, canonical: url };
    default:
      return host.startsWith('www.')
        ? { url, canonical: `${scheme}://${host.slice(4)}${path}` }
        : { url: `${scheme}://www.${host}${path}`, canonical: url };
  }
}

function seedMetadata(
  rng: Random,
  ids: IdSource,
  theme: Theme,
  site: Site,
  sparse: boolean,
): Metadata {
  const meta: Metadata = {};
  if (rng.chance(sparse ? 0.45 : 0.08)) return meta;
  const add = (field: string, value: string) => {
    (meta[field] ??= []).push(ids.metadataEntry(rng, value));
  };
  if (rng.chance(sparse ? 0.55 : 0.9)) {
    add('Title', site.title);
    if (rng.chance(0.04)) add('Title', site.title.toUpperCase());
  }
  if (rng.chance(0.4)) {
    const opening = rng.pick(DESCRIPTION_OPENINGS);
    const roll = rng.next();
    add(
      'Description',
      roll < 0.15
        ? `<p>${opening} <em>${site.creator}</em>.</p>`
        : roll < 0.35
          ? `${opening} ${site.creator}.\nIncludes news, reports and event listings.`
          : roll < 0.4
            ? `${opening} ${site.creator}.\r\nSee also the organisation's "archive" pages & PDFs.`
            : `${opening} ${site.creator}.`,
    );
  }
  if (rng.chance(sparse ? 0.25 : 0.55)) {
    for (const subject of rng.sample(SUBJECTS_BY_THEME[theme], rng.int(1, 4)))
      add('Subject', subject);
  }
  if (rng.chance(0.35)) add('Creator', site.creator);
  if (rng.chance(0.12)) add('Publisher', site.creator);
  if (rng.chance(0.25)) {
    const year = rng.int(1998, 2025);
    add('Date', rng.chance(0.5) ? `${year}-` : String(year));
  }
  if (rng.chance(0.4)) add('Language', rng.pick(LANGUAGES));
  if (rng.chance(0.2)) add('Type', rng.pick(TYPES));
  if (rng.chance(0.05)) add('Format', 'text/html');
  if (rng.chance(0.1)) add('Rights', rng.pick(RIGHTS));
  if (rng.chance(0.1)) add('Coverage', rng.pick(COVERAGE));
  if (rng.chance(0.04)) add('Source', site.url);
  if (rng.chance(0.04)) add('Identifier', `ark:/13960/t${randomToken(rng, 8).toLowerCase()}`);
  if (rng.chance(0.03)) add('Collector', rng.pick(ACCOUNTS).institution);
  if (rng.chance(0.02)) add('Origin', 'Nominated by the public');
  if (rng.chance(0.08)) {
    add(
      'Notes',
      rng.chance(0.5)
        ? 'Blocked by robots.txt until 2021;\ncaptured with permission since.'
        : 'Video embeds need <b>Brozzler</b> to capture & replay.',
    );
  }
  if (rng.chance(0.1)) {
    const field = rng.pick(CUSTOM_FIELDS);
    add(
      field,
      field === 'Date Nominated'
        ? `${rng.int(2010, 2026)}-0${rng.int(1, 9)}-1${rng.int(0, 9)}`
        : `${field}: ${randomToken(rng, 6)}`,
    );
  }
  return meta;
}

function makeSeeds(
  rng: Random,
  ids: IdSource,
  collection: CollectionRecord,
  theme: Theme,
  count: number,
  groups: readonly GroupInfo[],
  history: { timeline: Timeline; removed: number; absent: Set<object> },
): WireSeedDefault[] {
  const seeds: WireSeedDefault[] = [];
  const seen = new Set<string>();
  const users = accountUsers(collection.account);
  const { timeline, absent } = history;
  const created = collectionCreatedAt.get(collection) ?? timeline.first;
  const crawls = collectionCrawls.get(collection) ?? null;
  const people = rhythmsOf(users);
  const adds = Bursts.make(rng, timeline, created, Math.ceil(count / 30), people.adds, 0.2, crawls);
  const changes = Bursts.make(
    rng,
    timeline,
    created,
    Math.ceil(count / 80),
    people.changes,
    0.3,
    null,
  );
  // Which of the seeds made are no longer in the catalogue: exactly `removed`, spread evenly.
  const removedUpTo = (i: number) => Math.floor((i * history.removed) / Math.max(1, count));
  const crawlDefinitions = Array.from({ length: rng.int(1, 3) }, () =>
    rng.int(31_000_000, 31_999_999),
  );
  const sparse = rng.chance(0.3);
  const topical = groups.filter((g) => !g.workQueue);
  const needsMetadata = groups.find((g) => g.name === 'Needs metadata');
  const doNotCrawl = groups.find((g) => g.name === 'Do not crawl');
  const otherQueues = groups.filter((g) => g.workQueue && g !== needsMetadata && g !== doNotCrawl);

  for (let i = 0; i < count; i++) {
    const site = makeSite(rng, theme);
    let base = site.url;
    for (let attempt = 0; seen.has(base); attempt++) {
      base = attempt < 3 ? makeSite(rng, theme).url : `${site.url}${rng.pick(PAGES)}/${i}/`;
    }
    seen.add(base);
    const { url, canonical } = urlVariants(rng, base);
    const metadata = seedMetadata(rng, ids, theme, site, sparse);
    const active = rng.chance(0.82);
    const removed = removedUpTo(i + 1) > removedUpTo(i);
    const past = seedPast(rng, timeline, adds, changes, removed);
    const shown = changeAsOf(past, timeline.cutoff);
    // A description the last change added is not there yet as of an earlier day.
    if (
      past.updatedAt !== null &&
      past.updatedAt >= timeline.cutoff &&
      past.updatedBy !== 'system'
    ) {
      delete metadata.Description;
    }

    let group: GroupInfo | undefined;
    if (needsMetadata && !metadata.Title && rng.chance(0.6)) group = needsMetadata;
    else if (doNotCrawl && !active && rng.chance(0.5)) group = doNotCrawl;
    else if (otherQueues.length > 0 && rng.chance(0.02)) group = rng.pick(otherQueues);
    else if (topical.length > 0 && rng.chance(0.45)) group = rng.pick(topical);

    const withLogin = rng.chance(0.003);
    const seed: WireSeedDefault = {
      id: past.createdAt, // replaced by assignSeedIds, which orders ids by creation time
      collection: collection.id,
      url,
      canonical_url: canonical,
      crawl_definition: rng.pick(crawlDefinitions),
      seed_type: rng.chance(0.04) ? 'oneHopOff' : 'normal',
      active,
      deleted: !active && rng.chance(0.1),
      publicly_visible: rng.chance(0.9),
      valid: null,
      http_response_code: null,
      last_checked_http_response_code: null,
      metadata,
      created_by: past.createdBy,
      created_date: timestamp(past.createdAt),
      last_updated_by: shown.by,
      last_updated_date: timestamp(shown.at),
      seed_group: group?.id ?? null,
      login_username: withLogin ? `crawler.${rng.pick(users)}@example.org` : null,
      login_password: withLogin ? randomToken(rng, 16) : null,
    };
    if (!presentAt(past, timeline.cutoff)) absent.add(seed);
    seeds.push(seed);
  }
  return seeds;
}

/** Seed ids grow with creation time and leave gaps, as ids of a long-lived service do. */
function assignSeedIds(rng: Random, seeds: WireSeedDefault[]): void {
  const byCreation = [...seeds].sort((a, b) => a.id - b.id);
  let id = 1_000_000;
  for (const seed of byCreation) {
    id += rng.int(1, 9);
    seed.id = id;
  }
}

/** "The Atlantic Northwest" → "the-atlantic-northwest". */
function kebab(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/(^-|-$)/g, '');
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function makePressItems(
  rng: Random,
  { now, cutoff }: Timeline,
  absent: Set<object>,
): WirePressItem[] {
  const users = ['outreach_team', 'mhollis', 'jfernandez'];
  const sorted = [...PRESS_SPECS].sort((a, b) => a.date.localeCompare(b.date));
  let id = 37;
  return sorted.map((spec, index) => {
    id += rng.int(1, 3);
    const [year = 0, month = 1, day = 1] = spec.date.split('-').map(Number);
    const published = Date.UTC(year, month - 1, day, 15);
    const old = year < 2017;
    const created = published + rng.int(1, 20) * DAY;
    const updated = between(rng, created, now);
    const quote = rng.pick([
      '“We can’t save everything, but we can save what people will need,”',
      '"If we don’t capture it now, it’s gone,"',
      '"The web is the record of our time,"',
    ]);
    const changed = old ? updated : Math.max(updated, created);
    // As of an earlier day: not yet written about, or not yet changed since it was added.
    const unchanged = old ? published + DAY : created;
    const item: WirePressItem = {
      id,
      title: spec.title,
      description:
        `${spec.publication} looks at how archivists capture websites before they change or vanish.\r\n\r\n` +
        `${quote} said one of the archivists interviewed.\r\n` +
        `The piece covers "${spec.title.split(' ').slice(0, 3).join(' ')}…" and what researchers find in the collections.`,
      image: rng.chance(0.75) ? `${kebab(spec.publication)}-${year}.jpg` : null,
      image_blob: 7_000 + index * rng.int(2, 11),
      featured_link: `https://${spec.host}/${year}/${String(month).padStart(2, '0')}/${kebab(spec.title)}`,
      press_footer: `${spec.author}, ${spec.publication}, ${MONTHS[month - 1] ?? ''} ${day}, ${year}`,
      list_order: sorted.length - index,
      created_by: old ? null : rng.pick(users),
      created_date: old ? null : timestamp(created),
      last_updated_by: rng.pick(users),
      last_updated_date: timestamp(changed < cutoff ? changed : unchanged),
    };
    if ((old ? unchanged : created) >= cutoff) absent.add(item);
    return item;
  });
}
