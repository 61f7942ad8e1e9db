/**
 * A catalogue service that asks HTTP Basic credentials of every request, with two accounts that
 * see different catalogues: Alice's (collections named "Alice's …", 1,200 seeds) and Bob's
 * ("Bob's …", 800 seeds). Every record also carries credentials under every kind of name the
 * explorer must not pass on (the tricky ones included), and an `Author` metadata field it must
 * pass on; `/api/account` answers with the account's own secrets. Requests are recorded, with
 * whether they carried credentials, so a test can say that none reached it.
 */
import { embeddedApiHandler } from '../../src/server/api-handler';
import { createCatalogueApi } from '../../src/server/catalogue/engine';
import { generateCatalogue } from '../../src/server/catalogue/generate';
import { createFaultInjector } from '../../src/server/faults';
import { listen, type Running } from '../server/http-helpers';

export interface Person {
  username: string;
  password: string;
  /** What every collection name of theirs starts with. */
  prefix: string;
  seeds: number;
}

export const ALICE: Person = {
  username: 'alice@example.org',
  password: 'Alice-pa55-7q!Wz',
  prefix: 'Alice’s ',
  seeds: 1_200,
};
export const BOB: Person = {
  username: 'bob@example.org',
  password: 'Bob-pa55-3x?Lm',
  prefix: 'Bob’s ',
  seeds: 800,
};

/**
 * Field names that hold credentials, each with a value the explorer must never pass on. The first
 * five are the names the old rule (`password|token|secret`) let through.
 */
export const SECRET_NAMED = {
  api_key: 'service-secret-api-key',
  Passwort: 'service-secret-passwort',
  'pass\u00ADword': 'service-secret-soft-hyphen',
  'Access Key': 'service-secret-access-key',
  login_username: 'service-secret-login-username',
  login_password: 'service-secret-login-password',
  private_access_token: 'service-secret-private-access-token',
  'Client Secret': 'service-secret-client-secret',
  Authorization: 'service-secret-authorization',
  oauth_credentials: 'service-secret-oauth',
} as const;

/** Every value above: none may leave the explorer's server. */
export const SECRET_VALUES: readonly string[] = Object.values(SECRET_NAMED);

/** A metadata field whose name contains `auth` but holds none: the explorer keeps it. */
export const AUTHOR_VALUE = 'Margaret Authorly';

export interface SeenRequest {
  path: string;
  /** The user name the request's credentials named, or null when it carried none. */
  username: string | null;
  accepted: boolean;
}

export interface BasicService extends Running {
  seen: SeenRequest[];
  /** From now on, refuse this person's credentials (a password changed at the service). */
  refuse(person: Person): void;
}

function withSecrets(records: unknown[], prefix: string): unknown[] {
  return records.map((item) => {
    if (item === null || typeof item !== 'object') return item;
    const record: Record<string, unknown> = {
      ...(item as Record<string, unknown>),
      ...SECRET_NAMED,
    };
    if (typeof record.name === 'string' && 'num_active_seeds' in record) {
      record.name = prefix + record.name;
    }
    const metadata = (record.metadata ?? {}) as Record<string, unknown>;
    record.metadata = {
      ...metadata,
      Author: [{ id: 1, value: AUTHOR_VALUE }],
      ...Object.fromEntries(
        Object.entries(SECRET_NAMED).map(([name, value], i) => [name, [{ id: 100 + i, value }]]),
      ),
    };
    return record;
  });
}

export async function startBasicService(people = [ALICE, BOB]): Promise<BasicService> {
  const apis = new Map(
    people.map((person, i) => {
      const api = createFaultInjector(
        embeddedApiHandler(
          createCatalogueApi(generateCatalogue({ seeds: person.seeds, randomSeed: 11 + i })),
        ),
      );
      api.inject('*', {
        kind: 'rewrite',
        rewrite: (records) => withSecrets(records, person.prefix),
      });
      return [person.username, { person, api }] as const;
    }),
  );
  const refused = new Set<string>();
  const seen: SeenRequest[] = [];
  const server = await listen((req, res) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    const [scheme, encoded = ''] = (req.headers.authorization ?? '').split(' ');
    const [username = '', ...rest] =
      scheme === 'Basic' ? Buffer.from(encoded, 'base64').toString('utf8').split(':') : [];
    const account = apis.get(username);
    const accepted =
      account !== undefined && rest.join(':') === account.person.password && !refused.has(username);
    seen.push({ path, username: scheme === 'Basic' ? username : null, accepted });
    if (!accepted) {
      res.writeHead(401, {
        'Content-Type': 'application/json',
        'WWW-Authenticate': 'Basic realm="api"',
      });
      res.end(JSON.stringify({ detail: 'Invalid username/password.' }));
      return;
    }
    if (path === '/api/account') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 7,
          name: `${account.person.prefix}account`,
          ...SECRET_NAMED,
          users: [{ username, password: account.person.password, token: 'service-secret-user' }],
        }),
      );
      return;
    }
    const request = new Request(`http://service${req.url ?? ''}`, { method: req.method ?? 'GET' });
    void account.api.handler(request).then(async (response) => {
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    });
  });
  return {
    ...server,
    seen,
    refuse(person) {
      refused.add(person.username);
    },
  };
}
