/**
 * The build's stand-in for TanStack Query's `Mutation` (vite.config.ts): it covers every name the
 * query core's module exports, it replaces that module alone, the explorer starts no mutation, and
 * one started anyway fails at once with a message that says why.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../support/server-process';
import { NO_MUTATIONS, QUERY_MUTATION, noQueryMutations } from '../../vite.config';

const queryCore = join(projectRoot, 'node_modules/@tanstack/query-core/build/modern');
const plugin = noQueryMutations();

type Hook = (this: unknown, ...args: unknown[]) => unknown;
const call = (hook: unknown, ...args: unknown[]) => (hook as Hook).call({}, ...args);

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

  it('replaces that module of the query core and nothing else', () => {
    expect(
      call(plugin.resolveId, QUERY_MUTATION.source, join(queryCore, 'queryClient.js')),
    ).not.toBeNull();
    expect(
      call(plugin.resolveId, './mutation.js', join(projectRoot, 'src/api/hooks.ts')),
    ).toBeNull();
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

  it('is safe: the explorer starts no mutation', () => {
    const users = sources(join(projectRoot, 'src')).filter((path) =>
      /\b(useMutation|useMutationState|useIsMutating|MutationObserver|getMutationCache|isMutating)\b/.test(
        readFileSync(path, 'utf8'),
      ),
    );
    expect(users).toEqual([]);
  });
});
