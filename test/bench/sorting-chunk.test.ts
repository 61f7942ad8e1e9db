/**
 * The table's sorting code loads on first use, in its own file (vite.config.ts, the `sorting`
 * group): every module of the data table that it imports must be named in that group, or the
 * build puts it in the file every list page's first screen fetches.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../support/server-process';
import { SORTING_FILES } from '../../vite.config';

const dir = join(projectRoot, 'src/components/data-table');

/** The data table's modules a module imports for its code (not its types), by name. */
function codeImports(name: string): string[] {
  const text = readFileSync(join(dir, `${name}.ts`), 'utf8');
  const names = [...text.matchAll(/^(?:import|export) (?!type )[^;]*? from '\.\/([\w-]+)';$/gms)];
  return names.map((m) => m[1] as string);
}

describe('the sorting code', () => {
  it('names in its group every module of the table it loads', () => {
    const named = new Set(SORTING_FILES.split('|'));
    const loaded = new Set<string>();
    const queue = ['scheduler'];
    for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
      if (loaded.has(name)) continue;
      loaded.add(name);
      queue.push(...codeImports(name));
    }
    expect(loaded.size).toBeGreaterThan(4);
    expect([...loaded].filter((name) => !named.has(name))).toEqual([]);
  });
});
