/**
 * The embedded catalogue API over real HTTP: every rule of the read interface, the parameters the
 * real service also takes, and the errors a bad request gets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueApi } from '../../src/server/catalogue/engine';
import { generateCatalogue, type Catalogue } from '../../src/server/catalogue/generate';
import {
  ALLOW_VALUE,
  RESOURCES,
  type WireCollection,
  type WireSeedApi,
  type WireSeedDefault,
} from '../../src/contract/wire';
import { getJson, serveCatalogue, type Running } from './http-helpers';

let server: Running;
let catalogue: Catalogue;

beforeAll(async () => {
  catalogue = generateCatalogue({ seeds: 3_000 });
  server = await serveCatalogue(catalogue);
});
afterAll(() => server.close());

const api = (path: string) => `${server.url}/api/${path}`;
const ids = (records: { id: number }[]) => records.map((r) => r.id);

function totalOf(response: Response): number {
  return Number(response.headers.get('Total-Row-Count'));
}

describe('every list', () => {
  it.each(RESOURCES)(
    '%s answers 200 with a JSON array and the service headers',
    async (resource) => {
      const { response, body } = await getJson<unknown[]>(api(resource));
      expect(response.status).toBe(200);
      expect(response.headers.get('Content-Type')).toBe('application/json');
      expect(response.headers.get('Allow')).toBe(ALLOW_VALUE);
      expect(response.headers.get('Vary')).toBe('Accept');
      expect(Array.isArray(body)).toBe(true);
      expect(totalOf(response)).toBe(body.length);
      expect(body.length).toBeGreaterThan(0);
    },
  );

  it('accepts a trailing slash on the resource path', async () => {
    const { response, body } = await getJson<unknown[]>(api('seed_group/'));
    expect(response.status).toBe(200);
    expect(body).toHaveLength(catalogue.seedGroups.length);
  });
});

describe('limit and offset', () => {
  it('limit caps the array while Total-Row-Count still counts every match', async () => {
    const { response, body } = await getJson<unknown[]>(api('seed?limit=100'));
    expect(body).toHaveLength(100);
    expect(totalOf(response)).toBe(3_000);
  });

  it('limit=-1 and no limit both return everything', async () => {
    const all = await getJson<unknown[]>(api('seed?limit=-1'));
    const none = await getJson<unknown[]>(api('seed'));
    expect(all.body).toHaveLength(3_000);
    expect(none.body).toHaveLength(3_000);
  });

  it('limit=0 returns an empty array with the count', async () => {
    const { response, body } = await getJson<unknown[]>(api('collection?limit=0'));
    expect(body).toEqual([]);
    expect(totalOf(response)).toBe(catalogue.collections.length);
  });

  it('pages with limit and offset cover every record once, in an order that is not by id', async () => {
    const pages: number[] = [];
    for (let offset = 0; offset < 3_000; offset += 700) {
      const { response, body } = await getJson<{ id: number }[]>(
        api(`seed?limit=700&offset=${offset}`),
      );
      expect(totalOf(response)).toBe(3_000);
      pages.push(...ids(body));
    }
    expect(pages).toHaveLength(3_000);
    expect(new Set(pages).size).toBe(3_000);
    const { body: whole } = await getJson<{ id: number }[]>(api('seed'));
    expect(pages).toEqual(ids(whole));
    expect(pages).not.toEqual([...pages].sort((a, b) => a - b));
  });

  it('keeps the same order from one request to the next', async () => {
    const first = await getJson<{ id: number }[]>(api('collection'));
    const second = await getJson<{ id: number }[]>(api('collection'));
    expect(ids(second.body)).toEqual(ids(first.body));
  });

  it('an offset past the end gives an empty page and the full count', async () => {
    const { response, body } = await getJson<unknown[]>(api('press_item?offset=10000'));
    expect(body).toEqual([]);
    expect(totalOf(response)).toBe(catalogue.pressItems.length);
  });
});

describe('representations', () => {
  it('format=api lists keys alphabetically at every level and gives seeds seed_groups', async () => {
    const { body } = await getJson<Record<string, unknown>[]>(api('seed?format=api&limit=-1'));
    const grouped = catalogue.seeds.filter((s) => s.seed_group !== null).length;
    expect(grouped).toBeGreaterThan(0);
    let withGroups = 0;
    const sortedEverywhere = (value: unknown): boolean => {
      if (Array.isArray(value)) return value.every(sortedEverywhere);
      if (value === null || typeof value !== 'object') return true;
      const keys = Object.keys(value);
      return (
        keys.join() === [...keys].sort().join() && Object.values(value).every(sortedEverywhere)
      );
    };
    for (const seed of body) {
      expect(sortedEverywhere(seed)).toBe(true);
      expect(seed).not.toHaveProperty('seed_group');
      expect(seed).not.toHaveProperty('login_username');
      expect(seed).not.toHaveProperty('login_password');
      const groups = (seed as unknown as WireSeedApi).seed_groups;
      expect(Array.isArray(groups)).toBe(true);
      if (groups.length > 0) {
        withGroups++;
        expect(groups[0]).toEqual(
          expect.objectContaining({ id: expect.any(Number), name: expect.any(String) }),
        );
      }
    }
    expect(withGroups).toBe(grouped);
  });

  it('format=api keeps collections, press items and seed groups in alphabetical key order', async () => {
    for (const resource of ['collection', 'press_item', 'seed_group']) {
      const { response, body } = await getJson<object[]>(api(`${resource}?format=api`));
      expect(response.headers.get('Content-Type')).toBe('application/json');
      for (const record of body) {
        expect(Object.keys(record)).toEqual(Object.keys(record).sort());
      }
    }
  });

  it('the default representation gives seeds seed_group and the login fields', () => {
    // As the embedded service writes them: the server removes the login fields (below).
    const body = JSON.parse(
      createCatalogueApi(catalogue).handle('GET', '/api/seed?limit=50').body ?? '',
    ) as WireSeedDefault[];
    for (const seed of body) {
      expect(seed).toHaveProperty('seed_group');
      expect(seed).toHaveProperty('login_username');
      expect(seed).toHaveProperty('login_password');
      expect(seed).not.toHaveProperty('seed_groups');
    }
  });

  it('the server passes seeds on without their login fields, and every other field as it is', async () => {
    const engine = createCatalogueApi(catalogue);
    const { body } = await getJson<Record<string, unknown>[]>(api('seed?limit=50'));
    expect(body).toHaveLength(50);
    for (const seed of body) {
      expect(seed).not.toHaveProperty('login_username');
      expect(seed).not.toHaveProperty('login_password');
      const [written] = JSON.parse(
        engine.handle('GET', `/api/seed?limit=1&offset=${String(body.indexOf(seed))}`).body ?? '',
      ) as Record<string, unknown>[];
      expect(seed).toEqual(
        Object.fromEntries(
          Object.entries(written ?? {}).filter(([name]) => !name.startsWith('login_')),
        ),
      );
    }
  });

  it('changes the key order between responses in the default representation', async () => {
    const first = await getJson<object[]>(api('seed_group?limit=1'));
    const second = await getJson<object[]>(api('seed_group?limit=1'));
    const keys = (body: object[]) => Object.keys(body[0] ?? {}).join();
    expect(keys(first.body)).not.toBe(keys(second.body));
    expect(first.body).toEqual(second.body);
  });
});

describe('filters', () => {
  it('state filters collections, and the counts of both states add up', async () => {
    const active = await getJson<WireCollection[]>(api('collection?state=ACTIVE'));
    const inactive = await getJson<WireCollection[]>(api('collection?state=INACTIVE'));
    expect(active.body.every((c) => c.state === 'ACTIVE')).toBe(true);
    expect(inactive.body.every((c) => c.state === 'INACTIVE')).toBe(true);
    expect(totalOf(active.response)).toBe(active.body.length);
    expect(totalOf(inactive.response)).toBeGreaterThan(0);
    expect(totalOf(active.response) + totalOf(inactive.response)).toBe(
      catalogue.collections.length,
    );
  });

  it('collection restricts seeds to one collection', async () => {
    const target = catalogue.collections.find((c) => c.num_active_seeds > 10);
    expect(target).toBeDefined();
    const { response, body } = await getJson<WireSeedDefault[]>(
      api(`seed?collection=${target?.id ?? 0}`),
    );
    expect(body.every((s) => s.collection === target?.id)).toBe(true);
    expect(totalOf(response)).toBe(
      (target?.num_active_seeds ?? 0) + (target?.num_inactive_seeds ?? 0),
    );
  });

  it('metadata__name alone means "has that field"', async () => {
    const { response, body } = await getJson<WireSeedDefault[]>(api('seed?metadata__name=Subject'));
    const expected = catalogue.seeds.filter((s) => (s.metadata.Subject?.length ?? 0) > 0);
    expect(totalOf(response)).toBe(expected.length);
    expect(new Set(ids(body))).toEqual(new Set(ids(expected)));
  });

  it('accepts field names with spaces', async () => {
    const { body } = await getJson<WireSeedDefault[]>(
      api(`seed?metadata__name=${encodeURIComponent('Crawl Notes')}`),
    );
    expect(body.length).toBeGreaterThan(0);
    expect(body.every((s) => 'Crawl Notes' in s.metadata)).toBe(true);
  });

  it('metadata__value__startswith alone matches a value of any field', async () => {
    const prefix = 'Elections';
    const { body } = await getJson<WireSeedDefault[]>(
      api(`seed?metadata__value__startswith=${prefix}`),
    );
    const expected = catalogue.seeds.filter((s) =>
      Object.values(s.metadata).some((entries) => entries.some((e) => e.value.startsWith(prefix))),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(new Set(ids(body))).toEqual(new Set(ids(expected)));
  });

  it('name and prefix together need one entry of that field with the prefix', async () => {
    // A seed whose Title does not start with the prefix, though another of its fields does.
    const decoy = catalogue.seeds.find((s) => {
      const title = s.metadata.Title?.[0]?.value;
      const creator = s.metadata.Creator?.[0]?.value;
      return title !== undefined && creator !== undefined && !title.startsWith(creator.slice(0, 6));
    });
    expect(decoy).toBeDefined();
    const prefix = decoy?.metadata.Creator?.[0]?.value.slice(0, 6) ?? '';
    const { body } = await getJson<WireSeedDefault[]>(
      api(`seed?metadata__name=Title&metadata__value__startswith=${encodeURIComponent(prefix)}`),
    );
    expect(ids(body)).not.toContain(decoy?.id);
    expect(body.every((s) => s.metadata.Title?.some((e) => e.value.startsWith(prefix)))).toBe(true);
  });

  it('matches prefixes case-sensitively', async () => {
    const upper = await getJson<unknown[]>(api('seed?metadata__value__startswith=Elections'));
    const lower = await getJson<unknown[]>(api('seed?metadata__value__startswith=elections'));
    expect(upper.body.length).toBeGreaterThan(0);
    expect(lower.body).toHaveLength(0);
  });

  it('combines every filter given, with limit applied after counting', async () => {
    const target = catalogue.collections.find((c) => c.num_active_seeds > 200);
    const id = String(target?.id ?? 0);
    const { response, body } = await getJson<WireSeedDefault[]>(
      api(`seed?collection=${id}&metadata__name=Title&limit=5`),
    );
    const expected = catalogue.seeds.filter(
      (s) => s.collection === target?.id && s.metadata.Title !== undefined,
    );
    expect(totalOf(response)).toBe(expected.length);
    expect(body).toHaveLength(5);
  });

  it('ignores query parameters it does not know, as the service does', async () => {
    const plain = await getJson<object[]>(api('press_item'));
    const extra = await getJson<object[]>(api('press_item?ordering=-id&state=ACTIVE&foo=bar'));
    expect(extra.response.status).toBe(200);
    expect(extra.body).toHaveLength(plain.body.length);
  });

  it('treats an empty parameter value as not given', async () => {
    const { response, body } = await getJson<unknown[]>(api('collection?state=&limit='));
    expect(response.status).toBe(200);
    expect(body).toHaveLength(catalogue.collections.length);
  });
});

describe('errors', () => {
  it.each([
    ['seed?limit=ten', /limit/],
    ['seed?limit=1.5', /limit/],
    ['seed?limit=-2', /limit/],
    ['seed?offset=abc', /offset/],
    ['seed?offset=-1', /offset/],
    ['seed?collection=abc', /collection/],
    ['collection?state=active', /state must be ACTIVE or INACTIVE/],
    ['collection?state=DELETED', /state/],
  ])('GET /api/%s answers 400 with a detail naming the parameter', async (path, message) => {
    const { response, body } = await getJson<{ detail: string }>(api(path));
    expect(response.status).toBe(400);
    expect(response.headers.get('Content-Type')).toBe('application/json');
    expect(body.detail).toMatch(message);
  });

  it.each(['nothing', 'seeds', 'seed/123', '', 'SEED'])(
    'an unknown resource (/api/%s) answers 404 in the service style',
    async (path) => {
      const { response, body } = await getJson<{ detail: string }>(api(path));
      expect(response.status).toBe(404);
      expect(body).toEqual({ detail: 'Not found.' });
    },
  );

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])(
    '%s answers 403 and changes nothing',
    async (method) => {
      const before = await getJson<unknown[]>(api('seed_group'));
      const { response, body } = await getJson<{ detail: string }>(api('seed_group'), {
        method,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ id: 1, name: 'changed', collection: 1 }),
      });
      expect(response.status).toBe(403);
      expect(body.detail).toMatch(/read-only/);
      const after = await getJson<unknown[]>(api('seed_group'));
      expect(after.body).toEqual(before.body);
    },
  );

  it('HEAD answers with the headers and no body', async () => {
    const response = await fetch(api('seed?collection=0'), { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('Total-Row-Count')).toBe('0');
    expect(response.headers.get('Allow')).toBe(ALLOW_VALUE);
    expect(await response.text()).toBe('');
  });

  it('OPTIONS answers 200 with Allow', async () => {
    const response = await fetch(api('collection'), { method: 'OPTIONS' });
    expect(response.status).toBe(200);
    expect(response.headers.get('Allow')).toBe(ALLOW_VALUE);
  });
});

describe('security headers', () => {
  it('every API response is sandboxed data: no script, no style, no page, nosniff and no-referrer', async () => {
    for (const [path, method] of [
      ['seed?limit=1', 'GET'],
      ['seed?limit=1', 'HEAD'],
      ['nothing', 'GET'],
      ['seed?limit=x', 'GET'],
      ['seed', 'POST'],
      ['collection', 'OPTIONS'],
    ] as const) {
      const response = await fetch(api(path), { method });
      expect(response.headers.get('Content-Security-Policy'), `${method} ${path}`).toBe(
        "default-src 'none'; sandbox",
      );
      expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(response.headers.get('Referrer-Policy')).toBe('no-referrer');
    }
  });
});
