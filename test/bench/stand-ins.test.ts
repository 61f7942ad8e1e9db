/**
 * The build's stand-ins for TanStack Query's `Mutation`, mutation cache and infinite queries'
 * paging (vite.config.ts): they cover every name the query core's modules export and every method
 * of the cache, they replace those modules alone, the client clears, resumes and counts with the
 * cache that holds nothing, the explorer starts no mutation and no infinite query, and one started
 * anyway fails at once with a message that says why. And the stand-ins for TanStack Table's rows,
 * cells and row models, which the explorer never asks the table for.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { QueryClient, type MutationCache as MutationCacheType } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../support/server-process';
import {
  NO_INFINITE_QUERIES,
  NO_MUTATIONS,
  QUERY_INFINITE,
  QUERY_MUTATION,
  QUERY_MUTATION_CACHE,
  TABLE_ROW_FEATURES,
  standIns,
} from '../../vite.config';

const queryCore = join(projectRoot, 'node_modules/@tanstack/query-core/build/modern');
const plugin = standIns();

type Hook = (this: unknown, ...args: unknown[]) => unknown;
const call = (hook: unknown, ...args: unknown[]) => (hook as Hook).call({}, ...args);

/** The stand-in the build loads for `source` imported by the query core's `importer`. */
async function standIn(source: string, importer: string) {
  const code = call(plugin.load, call(plugin.resolveId, source, join(queryCore, importer)));
  return (await import(`data:text/javascript,${encodeURIComponent(String(code))}`)) as Record<
    string,
    unknown
  >;
}

/** Every method name of a class, its base classes' included. */
function methods(type: { prototype: object }): string[] {
  const names = new Set<string>();
  for (let p: object | null = type.prototype; p && p !== Object.prototype;) {
    for (const name of Object.getOwnPropertyNames(p)) if (name !== 'constructor') names.add(name);
    p = Object.getPrototypeOf(p) as object | null;
  }
  return [...names].sort();
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('the build without TanStack Query’s mutations', () => {
  it('stands in for every name the query core’s mutation module exports', async () => {
    const original = readFileSync(join(queryCore, 'mutation.js'), 'utf8');
    const exported = /^export \{ (.+) \};$/m.exec(original)?.[1]?.split(', ');
    const code = call(
      plugin.load,
      call(plugin.resolveId, './mutation.js', join(queryCore, 'mutationCache.js')),
    );
    const standIn = (await import(
      `data:text/javascript,${encodeURIComponent(String(code))}`
    )) as Record<string, unknown>;
    expect(exported).toEqual(['Mutation', 'getDefaultState']);
    expect(Object.keys(standIn).sort()).toEqual([...(exported ?? [])].sort());
  });

  it('stands in for the mutation cache with every method the real one has', async () => {
    const original = readFileSync(join(queryCore, 'mutationCache.js'), 'utf8');
    expect(/^export \{ (.+) \};$/m.exec(original)?.[1]).toBe('MutationCache');
    const real = (await import(join(queryCore, 'mutationCache.js'))) as {
      MutationCache: { prototype: object };
    };
    const { MutationCache } = (await standIn('./mutationCache.js', 'queryClient.js')) as {
      MutationCache: { prototype: object };
    };
    expect(methods(MutationCache)).toEqual(methods(real.MutationCache));
  });

  it('gives a client that clears, resumes and counts with a cache of no mutation', async () => {
    const { MutationCache } = (await standIn('./mutationCache.js', 'queryClient.js')) as {
      MutationCache: new () => MutationCacheType;
    };
    const client = new QueryClient({ mutationCache: new MutationCache() });
    client.mount();
    expect(client.isMutating()).toBe(0);
    await expect(client.resumePausedMutations()).resolves.toBeUndefined();
    expect(client.getMutationCache().getAll()).toEqual([]);
    expect(() =>
      client.getMutationCache().build(client, { mutationFn: () => Promise.resolve() }),
    ).toThrow(NO_MUTATIONS);
    client.clear();
    client.unmount();
  });

  it('stands in for the paging of infinite queries, failing at once if one is started', async () => {
    const original = readFileSync(join(queryCore, 'infiniteQueryBehavior.js'), 'utf8');
    const exported = /^export \{ (.+) \};$/m.exec(original)?.[1]?.split(', ');
    const paging = await standIn(QUERY_INFINITE.source, 'query.js');
    expect(Object.keys(paging).sort()).toEqual([...(exported ?? [])].sort());
    for (const name of exported ?? []) {
      expect(() => (paging[name] as () => unknown)()).toThrow(NO_INFINITE_QUERIES);
    }
  });

  it('replaces those modules of the query core and nothing else', () => {
    for (const { source } of [QUERY_MUTATION, QUERY_MUTATION_CACHE, QUERY_INFINITE]) {
      expect(call(plugin.resolveId, source, join(queryCore, 'queryClient.js'))).not.toBeNull();
      expect(call(plugin.resolveId, source, join(projectRoot, 'src/api/hooks.ts'))).toBeNull();
    }
    expect(call(plugin.resolveId, './query.js', join(queryCore, 'queryClient.js'))).toBeNull();
  });

  it('fails at once, saying why, if a mutation is started', async () => {
    const code = call(
      plugin.load,
      call(plugin.resolveId, './mutation.js', join(queryCore, 'mutationCache.js')),
    );
    const { Mutation } = (await import(
      `data:text/javascript,${encodeURIComponent(String(code))}`
    )) as {
      Mutation: new () => unknown;
    };
    expect(() => new Mutation()).toThrow(NO_MUTATIONS);
  });

  it('is safe: the explorer starts no mutation and no infinite query', () => {
    const users = sources(join(projectRoot, 'src')).filter((path) =>
      /\b(useMutation|useMutationState|useIsMutating|MutationObserver|getMutationCache|isMutating|\w*Infinite\w*)\b/.test(
        readFileSync(path, 'utf8'),
      ),
    );
    expect(users).toEqual([]);
  });
});

describe('the build without TanStack Table’s rows', () => {
  const coreFeatures = join(
    projectRoot,
    'node_modules/@tanstack/table-core/dist/core/coreFeatures.js',
  );

  it('stands in for the rows’, cells’ and row models’ features of the table core, and nothing else', async () => {
    const original = readFileSync(coreFeatures, 'utf8');
    for (const [source, name] of Object.entries(TABLE_ROW_FEATURES)) {
      // The core imports each of them by that name from that file.
      expect(original).toContain(`import { ${name} } from "${source}";`);
      const code = call(plugin.load, call(plugin.resolveId, source, coreFeatures));
      const feature = (await import(
        `data:text/javascript,${encodeURIComponent(String(code))}`
      )) as Record<string, unknown>;
      expect({ ...feature }).toEqual({ [name]: {} });
      expect(
        call(
          plugin.resolveId,
          source,
          join(projectRoot, 'src/components/data-table/data-table.tsx'),
        ),
      ).toBeNull();
    }
    expect(call(plugin.resolveId, './headers/coreHeadersFeature.js', coreFeatures)).toBeNull();
  });

  it('is safe: the explorer gives the table no rows and asks it for none', () => {
    const users = sources(join(projectRoot, 'src')).filter((path) =>
      /\.(get\w*RowModel|getRow|getAllCells\w*|getVisibleCells\w*|getValue|renderValue|getDisplayIndex|getRowsInDisplayOrder|getMaxSubRowDepth)\(/.test(
        readFileSync(path, 'utf8'),
      ),
    );
    expect(users).toEqual([]);
    expect(
      readFileSync(join(projectRoot, 'src/components/data-table/data-table.tsx'), 'utf8'),
    ).toMatch(/data: NO_DATA,/);
  });
});
