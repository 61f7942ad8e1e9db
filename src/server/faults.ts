/**
 * Fault injection: a wrapper around an ApiHandler that misbehaves on command, so tests (and a
 * person trying the explorer with `--faults`) can see what the explorer does when the service
 * fails, stalls or sends what it should not. Nothing here is active unless a caller builds the
 * wrapper; `npm start` does so only with `--faults`.
 *
 * It is long because it is a catalogue of misbehaviours, each small, with the parser for
 * `--faults` beside them.
 */
import { isResource, TOTAL_ROW_COUNT_HEADER, type Resource } from '../contract/wire';
import { detailResponse, type ApiHandler } from './api-handler';

export type Fault =
  /** An error status with a `{"detail"}` body in the service's style. */
  | { kind: 'status'; status: number; retryAfterSeconds?: number }
  /** Answers normally, after a wait. */
  | { kind: 'delay'; ms: number }
  /** Never answers; the request stays open until the client gives up or the faults are cleared. */
  | { kind: 'hang' }
  /** Sends the headers and half the body, then drops the connection. */
  | { kind: 'cut-off' }
  /** An HTML error page with status 200, as a misconfigured proxy in front of a service sends. */
  | { kind: 'html-page' }
  /** The usual JSON body under another Content-Type. */
  | { kind: 'content-type'; contentType: string }
  /** No `Total-Row-Count` header. */
  | { kind: 'no-count' }
  /** `Total-Row-Count` says `count`, whatever the list holds. */
  | { kind: 'count'; count: string }
  /** Django REST framework's paginated envelope `{count, next, previous, results}`, no header. */
  | { kind: 'envelope' }
  /**
   * Four records break the contract: three in fields a record can do without (one missing, one of
   * the wrong type, a timestamp that is not one) and one in its id; two more carry surprises the
   * contract allows (extra fields, an unknown type or state).
   */
  | { kind: 'invalid-records' }
  /** Every record carries login fields and an access token, as a careless service might send. */
  | { kind: 'secrets' }
  /** Every record of the list comes twice in a row (and the count is doubled): repeated ids. */
  | { kind: 'repeat-ids' }
  /** `offset` is ignored: every page starts again at the beginning of the list. */
  | { kind: 'ignore-offset' }
  /**
   * The list is `rows` records made from its first one (new ids, and new addresses for seeds),
   * whatever the catalogue holds: a list of a million rows at the cost of the pages asked for.
   */
  | { kind: 'rows'; rows: number }
  /** The first record of the first page carries `fields` metadata fields. */
  | { kind: 'many-fields'; fields: number }
  /**
   * The first record of the first page carries a description of `descriptionChars` characters (a
   * metadata `Description`, or a press item's own) and, if it is a seed, an address of `urlChars`.
   */
  | { kind: 'huge-values'; descriptionChars: number; urlChars: number }
  /** A body that never ends: `[` and then records, forever, as fast as the client reads them. */
  | { kind: 'endless' }
  /** Any change to the records of a list response, for tests. */
  | { kind: 'rewrite'; rewrite: (records: unknown[], url: URL) => unknown[] };

export interface FaultOptions {
  /** How many matching requests the fault applies to; every one when not given. */
  times?: number;
  /** Only requests this accepts count as matching, e.g. pages after the first. */
  when?: (url: URL) => boolean;
}

interface Rule {
  resource: Resource | '*';
  fault: Fault;
  remaining: number;
  when: ((url: URL) => boolean) | undefined;
}

export interface SeenRequest {
  method: string;
  resource: Resource | null;
  url: URL;
  headers: Headers;
  /** When it arrived (ms since the epoch). */
  at: number;
  /** The faults it met, outermost first. */
  faults: Fault['kind'][];
}

export interface FaultInjector {
  handler: ApiHandler;
  /** Adds a fault for the next requests to `resource` (`*` for every list). */
  inject(resource: Resource | '*', fault: Fault, options?: FaultOptions): void;
  /** Lets hung and delayed requests go on at once; the faults stay. */
  release(): void;
  /** Removes every fault and lets hung requests go. */
  clear(): void;
  /** Requests for lists, oldest first; only the latest few hundred are kept. */
  readonly requests: readonly SeenRequest[];
}

const KEPT_REQUESTS = 500;

/** What the service's own error pages say, by status. */
const DETAILS: Record<number, string> = {
  400: 'Bad request.',
  401: 'Authentication credentials were not provided.',
  403: 'You do not have permission to perform this action.',
  404: 'Not found.',
  429: 'Request was throttled.',
  500: 'A server error occurred.',
  502: 'Bad gateway.',
  503: 'Service temporarily unavailable, try again later.',
  504: 'Gateway timeout.',
};

/** Markers that the `secrets` fault writes into records; none may ever reach the screen. */
export const LEAKED_SECRET_MARKER = 'leaked-secret-';

export const HTML_ERROR_PAGE = `<!doctype html>
<html><head><title>502 Bad Gateway</title></head>
<body><h1>The service is down for maintenance</h1>
<script>window.__pwned = 1</script><img src="x" onerror="window.__pwned = 1">
</body></html>`;

export function createFaultInjector(inner: ApiHandler): FaultInjector {
  const rules: Rule[] = [];
  const requests: SeenRequest[] = [];
  const hung = new Set<() => void>();
  const release = () => {
    for (const letGo of [...hung]) letGo();
  };

  const handler: ApiHandler = (request, connection) => {
    const url = new URL(request.url);
    const resource = resourceOf(url.pathname);
    // Matching rules wrap one another, the first outermost: a delay and a missing count combine.
    // A rule counts a request only when it acts on it (a status answers before the rules inside).
    const matching =
      resource === null
        ? []
        : rules.filter(
            (r) =>
              r.remaining > 0 &&
              (r.resource === '*' || r.resource === resource) &&
              (r.when === undefined || r.when(url)),
          );
    const seen: SeenRequest = {
      method: request.method,
      resource,
      url,
      headers: new Headers(request.headers),
      at: Date.now(),
      faults: [],
    };
    requests.push(seen);
    if (requests.length > KEPT_REQUESTS) requests.splice(0, requests.length - KEPT_REQUESTS);
    const chain = matching.reduceRight<ApiHandler>(
      (next, rule) => (req) => {
        if (rule.remaining <= 0) return next(req);
        rule.remaining--;
        const at = rules.indexOf(rule);
        if (rule.remaining <= 0 && at !== -1) rules.splice(at, 1);
        seen.faults.push(rule.fault.kind);
        return misbehave(rule.fault, req, url, next, hung);
      },
      (req) => inner(req, connection),
    );
    return chain(request);
  };

  return {
    handler,
    inject(resource, fault, options = {}) {
      rules.push({
        resource,
        fault,
        remaining: options.times ?? Number.POSITIVE_INFINITY,
        when: options.when,
      });
    },
    release,
    clear() {
      rules.length = 0;
      release();
    },
    requests,
  };
}

function resourceOf(pathname: string): Resource | null {
  const name = /^\/api\/([a-z_]+)\/?$/.exec(pathname)?.[1];
  return name !== undefined && isResource(name) ? name : null;
}

async function misbehave(
  fault: Fault,
  request: Request,
  url: URL,
  inner: ApiHandler,
  hung: Set<() => void>,
): Promise<Response> {
  switch (fault.kind) {
    case 'status': {
      const response = detailResponse(fault.status, DETAILS[fault.status] ?? 'Error.');
      if (fault.retryAfterSeconds !== undefined) {
        response.headers.set('Retry-After', String(fault.retryAfterSeconds));
      }
      if (fault.status === 401) response.headers.set('WWW-Authenticate', 'Basic realm="api"');
      return response;
    }
    case 'delay':
      await wait(fault.ms, request.signal, hung);
      return inner(request);
    case 'hang':
      await wait(Number.POSITIVE_INFINITY, request.signal, hung);
      return inner(request);
    case 'cut-off':
      return cutOff(await inner(request));
    case 'html-page':
      return new Response(HTML_ERROR_PAGE, {
        status: 200,
        headers: { 'Content-Type': 'text/html; charset=utf-8' },
      });
    case 'content-type': {
      const response = await inner(request);
      const headers = new Headers(response.headers);
      headers.set('Content-Type', fault.contentType);
      return new Response(response.body, { status: response.status, headers });
    }
    case 'no-count': {
      const response = await inner(request);
      const headers = new Headers(response.headers);
      headers.delete(TOTAL_ROW_COUNT_HEADER);
      return new Response(response.body, { status: response.status, headers });
    }
    case 'count': {
      const response = await inner(request);
      const headers = new Headers(response.headers);
      headers.set(TOTAL_ROW_COUNT_HEADER, fault.count);
      return new Response(response.body, { status: response.status, headers });
    }
    case 'envelope':
      return envelope(await inner(request), url);
    case 'invalid-records':
      return rewriteRecords(await inner(request), url, breakRecords);
    case 'secrets':
      return rewriteRecords(await inner(request), url, addSecrets);
    case 'rewrite':
      return rewriteRecords(await inner(request), url, fault.rewrite);
    case 'repeat-ids':
      return repeatIds(request, url, inner);
    case 'ignore-offset': {
      const start = new URL(url);
      start.searchParams.delete('offset');
      return inner(withUrl(request, start));
    }
    case 'rows':
      return generatedRows(request, url, inner, fault.rows);
    case 'many-fields':
      return rewriteRecords(await inner(request), url, (records) =>
        firstOfFirstPage(records, url, (record) => ({
          ...record,
          metadata: Object.fromEntries(
            Array.from({ length: fault.fields }, (_, i) => [
              `Field ${String(i + 1)}`,
              [{ id: i + 1, value: `Value ${String(i + 1)}` }],
            ]),
          ),
        })),
      );
    case 'huge-values':
      return rewriteRecords(await inner(request), url, (records) =>
        firstOfFirstPage(records, url, (record) => hugeValues(record, fault)),
      );
    case 'endless':
      return endless(await inner(request));
  }
}

/** The same request for another address. */
function withUrl(request: Request, url: URL): Request {
  return new Request(url, {
    method: request.method,
    headers: request.headers,
    signal: request.signal,
  });
}

const offsetIn = (url: URL) => Math.max(0, Number(url.searchParams.get('offset') ?? 0) || 0);
/** The `limit` asked for, or null for every record. */
function limitIn(url: URL): number | null {
  const limit = Number(url.searchParams.get('limit') ?? -1);
  return Number.isInteger(limit) && limit >= 0 ? limit : null;
}

/** Changes the first record of a list's first page. */
function firstOfFirstPage(
  records: unknown[],
  url: URL,
  change: (record: WireRecord) => WireRecord,
): unknown[] {
  const [first, ...rest] = records;
  if (offsetIn(url) > 0 || first === null || typeof first !== 'object') return records;
  return [change(first as WireRecord), ...rest];
}

function hugeValues(
  record: WireRecord,
  { descriptionChars, urlChars }: { descriptionChars: number; urlChars: number },
): WireRecord {
  const description = 'd'.repeat(descriptionChars);
  if (!('metadata' in record)) return { ...record, description };
  const changed: WireRecord = {
    ...record,
    metadata: { ...(record.metadata as object), Description: [{ id: 1, value: description }] },
  };
  if ('url' in record) {
    const address = `https://example.org/${'u'.repeat(Math.max(0, urlChars - 20))}`;
    changed.url = address;
    changed.canonical_url = address;
  }
  return changed;
}

/** Serves the list as if every record came twice in a row, paging over that doubled list. */
async function repeatIds(request: Request, url: URL, inner: ApiHandler): Promise<Response> {
  const offset = offsetIn(url);
  const limit = limitIn(url);
  const half = new URL(url);
  half.searchParams.set('offset', String(Math.floor(offset / 2)));
  half.searchParams.set(
    'limit',
    limit === null ? '-1' : String(Math.ceil((offset + limit) / 2) - Math.floor(offset / 2)),
  );
  const response = await inner(withUrl(request, half));
  const records = await readRecords(response.clone());
  if (records === null) return response;
  const doubled = records.flatMap((record) => [record, record]);
  const start = offset % 2;
  const headers = new Headers(response.headers);
  const count = Number(headers.get(TOTAL_ROW_COUNT_HEADER));
  if (headers.has(TOTAL_ROW_COUNT_HEADER)) headers.set(TOTAL_ROW_COUNT_HEADER, String(count * 2));
  headers.delete('Content-Length');
  return new Response(
    JSON.stringify(doubled.slice(start, limit === null ? undefined : start + limit)),
    { status: response.status, headers },
  );
}

/**
 * Records made from `template`: record number `i` (from 0) as JSON, with an id of its own (and an
 * address of its own, for a seed). The template is written once; each record only fills it in.
 */
function recordMaker(template: WireRecord): (i: number) => string {
  const id = '@@generated-id@@';
  const address = '@@generated-url@@';
  const marked: WireRecord = { ...template, id };
  if ('url' in template) {
    marked.url = address;
    marked.canonical_url = address;
  }
  const parts = JSON.stringify(marked).split(/("@@generated-(?:id|url)@@")/);
  return (i) =>
    parts
      .map((part) =>
        part === `"${id}"`
          ? String(100_000_000 + i)
          : part === `"${address}"`
            ? `"https://generated.example/${String(i)}/"`
            : part,
      )
      .join('');
}

/** A list of `rows` records made from the real list's first, paged as asked. */
async function generatedRows(
  request: Request,
  url: URL,
  inner: ApiHandler,
  rows: number,
): Promise<Response> {
  const first = new URL(url);
  first.searchParams.set('offset', '0');
  first.searchParams.set('limit', '1');
  const response = await inner(withUrl(request, first));
  const [template] = (await readRecords(response.clone())) ?? [];
  if (template === null || typeof template !== 'object') return response;
  const record = recordMaker(template as WireRecord);
  const offset = Math.min(offsetIn(url), rows);
  const end = Math.min(rows, offset + (limitIn(url) ?? rows));
  const headers = new Headers(response.headers);
  headers.set(TOTAL_ROW_COUNT_HEADER, String(rows));
  headers.delete('Content-Length');
  // Written a thousand records at a time, so a page of 50,000 is never one string.
  const encoder = new TextEncoder();
  let next = offset;
  let lead = '[';
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const parts: string[] = [];
      for (const stop = Math.min(end, next + 1_000); next < stop; next++) {
        parts.push(record(next));
      }
      if (parts.length > 0) controller.enqueue(encoder.encode(lead + parts.join(',')));
      lead = ',';
      if (next >= end) {
        controller.enqueue(encoder.encode(parts.length === 0 && next === offset ? '[]' : ']'));
        controller.close();
      }
    },
  });
  return new Response(body, { status: 200, headers });
}

/** `[`, then records made from the list's first one, forever, as fast as they are read. */
async function endless(response: Response): Promise<Response> {
  const [template] = (await readRecords(response.clone())) ?? [];
  if (template === null || typeof template !== 'object') return response;
  const record = recordMaker(template as WireRecord);
  const encoder = new TextEncoder();
  // Records made once and sent again and again: no one reads to the end of this list. Each is sent
  // as a copy of its own, as a network read would give it: the credentials' removal (strip.ts)
  // squeezes what it removes out of the very chunk it is given.
  const chunk = encoder.encode(`,${Array.from({ length: 500 }, (_, i) => record(i)).join(',')}`);
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      controller.enqueue(started ? chunk.slice() : encoder.encode(`[${record(0)}`));
      started = true;
    },
  });
  const headers = new Headers(response.headers);
  headers.delete(TOTAL_ROW_COUNT_HEADER);
  headers.delete('Content-Length');
  return new Response(body, { status: 200, headers });
}

/** Resolves after `ms`, when the client goes away, or when the faults are cleared. */
function wait(ms: number, signal: AbortSignal, hung: Set<() => void>): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) {
      resolve();
      return;
    }
    const done = () => {
      clearTimeout(timer);
      hung.delete(done);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = Number.isFinite(ms) ? setTimeout(done, ms) : undefined;
    hung.add(done);
    signal.addEventListener('abort', done);
  });
}

function cutOff(response: Response): Response {
  if (response.body === null) return response;
  const source = response.body;
  let sent = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (sent) {
        // Node's own code for a stream that ended early: the server drops the connection without
        // reporting a failure of its own.
        const dropped = Object.assign(new Error('connection dropped by fault injection'), {
          code: 'ERR_STREAM_PREMATURE_CLOSE',
        });
        controller.error(dropped);
        return;
      }
      const whole = new Uint8Array(await new Response(source).arrayBuffer());
      controller.enqueue(whole.subarray(0, Math.floor(whole.length / 2)));
      sent = true;
      // Give the first half time to leave before the connection drops.
      await new Promise((resolve) => setTimeout(resolve, 50));
    },
  });
  return new Response(body, { status: response.status, headers: response.headers });
}

async function readRecords(response: Response): Promise<unknown[] | null> {
  if (response.status !== 200 || response.body === null) return null;
  const body: unknown = JSON.parse(await response.text());
  return Array.isArray(body) ? body : null;
}

async function rewriteRecords(
  response: Response,
  url: URL,
  rewrite: (records: unknown[], url: URL) => unknown[],
): Promise<Response> {
  const records = await readRecords(response.clone());
  if (records === null) return response;
  return new Response(JSON.stringify(rewrite(records, url)), {
    status: response.status,
    headers: response.headers,
  });
}

async function envelope(response: Response, url: URL): Promise<Response> {
  const records = await readRecords(response.clone());
  if (records === null) return response;
  const count = Number(response.headers.get(TOTAL_ROW_COUNT_HEADER) ?? records.length);
  const offset = Number(url.searchParams.get('offset') ?? 0) || 0;
  const page = (start: number) => {
    const next = new URL(url);
    next.searchParams.set('offset', String(start));
    return next.href;
  };
  const headers = new Headers(response.headers);
  headers.delete(TOTAL_ROW_COUNT_HEADER);
  return new Response(
    JSON.stringify({
      count,
      next: offset + records.length < count ? page(offset + records.length) : null,
      previous: offset > 0 ? page(Math.max(0, offset - records.length)) : null,
      results: records,
    }),
    { status: 200, headers },
  );
}

type WireRecord = Record<string, unknown>;

/** Per resource: a field to remove, one to give the wrong type, a timestamp to spoil. */
const BREAKAGES: Record<
  Resource,
  { missing: string; wrongType: [string, unknown]; unreadable: [string, unknown] }
> = {
  seed: {
    missing: 'url',
    wrongType: ['active', 'yes'],
    unreadable: ['last_updated_date', 'yesterday afternoon'],
  },
  collection: {
    missing: 'name',
    wrongType: ['num_active_seeds', '12'],
    unreadable: ['last_updated_date', 'yesterday afternoon'],
  },
  seed_group: {
    missing: 'name',
    wrongType: ['collection', 'Collection 12'],
    unreadable: ['visibility', { level: 'public' }],
  },
  press_item: {
    missing: 'title',
    wrongType: ['list_order', 'first'],
    unreadable: ['last_updated_date', 'yesterday afternoon'],
  },
};

function breakRecords(records: unknown[], url: URL): unknown[] {
  const resource = resourceOf(url.pathname);
  if (resource === null) return records;
  const { missing, wrongType, unreadable } = BREAKAGES[resource];
  return records.map((item, index) => {
    if (item === null || typeof item !== 'object') return item;
    if (index === 0) {
      return Object.fromEntries(Object.entries(item).filter(([key]) => key !== missing));
    }
    const record = { ...(item as WireRecord) };
    switch (index) {
      case 1:
        record[wrongType[0]] = wrongType[1];
        break;
      case 2:
        record[unreadable[0]] = unreadable[1];
        break;
      case 3:
        record.unexpected_field = { nested: ['values', 1, null] };
        record.another_unexpected_field = 42;
        break;
      case 4:
        if (resource === 'seed') record.seed_type = 'twoHopsOff';
        if (resource === 'collection') record.state = 'ARCHIVED';
        break;
      case 5:
        record.id = 'not a number';
        break;
    }
    return record;
  });
}

function addSecrets(records: unknown[]): unknown[] {
  return records.map((item) => {
    if (item === null || typeof item !== 'object') return item;
    const record = item as WireRecord;
    const id = typeof record.id === 'number' ? String(record.id) : 'x';
    const secret = (what: string) => `${LEAKED_SECRET_MARKER}${what}-${id}`;
    const withSecrets: WireRecord = {
      ...record,
      login_username: `${secret('user')}@example.org`,
      login_password: secret('password'),
      private_access_token: secret('token'),
      api_secret: secret('api-secret'),
    };
    // Nested too: a metadata field and embedded seed groups named for what they hold.
    if (record.metadata !== null && typeof record.metadata === 'object') {
      withSecrets.metadata = {
        ...record.metadata,
        'Login password': [{ id: 1, value: secret('metadata-password') }],
      };
    }
    if (Array.isArray(record.seed_groups)) {
      withSecrets.seed_groups = (record.seed_groups as unknown[]).map((group) =>
        group !== null && typeof group === 'object'
          ? { ...group, access_token: secret('group-token') }
          : group,
      );
    }
    return withSecrets;
  });
}

/** A `--faults` rule, as parsed from the command line. */
export interface FaultRuleSpec {
  resource: Resource | '*';
  fault: Fault;
  options: FaultOptions;
}

export interface FaultSpec {
  rules: FaultRuleSpec[];
  /** Add records with hostile content to the sample catalogue. */
  hostile: boolean;
}

export const FAULTS_USAGE = `--faults takes rules separated by commas:
  hostile                add records with hostile content to the sample catalogue
  LIST=FAULT[xN]         make requests for LIST misbehave (the next N, or every one)
LIST is press_item, seed, collection, seed_group or all; LIST.later means only the pages after
the first. FAULT is a status (500, 502, 503, 401, 403, 404, 429 or 429:SECONDS with Retry-After),
delay:MS, hang, cut-off, html, text, no-count, count:N, envelope, invalid, secrets, repeat-ids,
ignore-offset, rows:N, many-fields:N, huge-values or endless.
Example: --faults 'seed.later=503x2,collection=429:3x1,press_item=invalid'`;

/** Reads `--faults`; throws with a message for the person who typed it. */
export function parseFaultSpec(text: string): FaultSpec {
  const spec: FaultSpec = { rules: [], hostile: false };
  for (const part of text.split(',')) {
    const rule = part.trim();
    if (rule === '') continue;
    if (rule === 'hostile') {
      spec.hostile = true;
      continue;
    }
    const match = /^([a-z_]+|\*)(\.later)?=([a-z0-9:-]+?)(?:x(\d+))?$/.exec(rule);
    const [, list = '', later, faultText = '', times] = match ?? [];
    const resource = list === 'all' || list === '*' ? '*' : list;
    if (!match || (resource !== '*' && !isResource(resource))) {
      throw new Error(`"${rule}" is not a fault rule.\n${FAULTS_USAGE}`);
    }
    const fault = parseFault(faultText);
    if (fault === null) throw new Error(`"${faultText}" is not a fault.\n${FAULTS_USAGE}`);
    const options: FaultOptions = {};
    if (times !== undefined) options.times = Number(times);
    if (later) options.when = (url) => Number(url.searchParams.get('offset') ?? 0) > 0;
    spec.rules.push({ resource, fault, options });
  }
  return spec;
}

function parseFault(text: string): Fault | null {
  const status = /^(401|403|404|429|500|502|503|504)(?::(\d{1,7}))?$/.exec(text);
  if (status) {
    return status[2] === undefined
      ? { kind: 'status', status: Number(status[1]) }
      : { kind: 'status', status: Number(status[1]), retryAfterSeconds: Number(status[2]) };
  }
  const delay = /^delay:(\d{1,7})$/.exec(text);
  if (delay) return { kind: 'delay', ms: Number(delay[1]) };
  const count = /^count:(\d{1,20})$/.exec(text);
  if (count?.[1] !== undefined) return { kind: 'count', count: count[1] };
  const rows = /^rows:(\d{1,9})$/.exec(text);
  if (rows) return { kind: 'rows', rows: Number(rows[1]) };
  const fields = /^many-fields:(\d{1,7})$/.exec(text);
  if (fields) return { kind: 'many-fields', fields: Number(fields[1]) };
  switch (text) {
    case 'hang':
      return { kind: 'hang' };
    case 'cut-off':
      return { kind: 'cut-off' };
    case 'html':
      return { kind: 'html-page' };
    case 'text':
      return { kind: 'content-type', contentType: 'text/plain; charset=utf-8' };
    case 'no-count':
      return { kind: 'no-count' };
    case 'envelope':
      return { kind: 'envelope' };
    case 'invalid':
      return { kind: 'invalid-records' };
    case 'secrets':
      return { kind: 'secrets' };
    case 'repeat-ids':
      return { kind: 'repeat-ids' };
    case 'ignore-offset':
      return { kind: 'ignore-offset' };
    case 'huge-values':
      return { kind: 'huge-values', descriptionChars: 50 * 1_048_576, urlChars: 5 * 1_048_576 };
    case 'endless':
      return { kind: 'endless' };
    default:
      return null;
  }
}
