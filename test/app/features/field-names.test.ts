import { describe, expect, it } from 'vitest';
import type { MetadataEntry, Seed } from '../../../src/api/records';
import { parseRecords } from '../../../src/api/parse';
import { fieldNamesJob } from '../../../src/features/seeds/field-names';
import { runJob } from '../../../src/scheduling';
import { createCatalogueApi } from '../../../src/server/catalogue/engine';
import { generateCatalogue } from '../../../src/server/catalogue/generate';
import { DUBLIN_CORE_FIELDS } from '../../../src/contract/wire';

const engine = createCatalogueApi(generateCatalogue({ seeds: 50 }));
const [base] = parseRecords(
  'seed',
  JSON.parse(engine.handle('GET', '/api/seed?limit=1').body ?? '[]') as unknown[],
).records;
if (!base) throw new Error('no seed in the catalogue');

let nextId = 1;
const seed = (...names: string[]): Seed => {
  const metadata: Record<string, MetadataEntry[]> = {};
  for (const name of names) metadata[name] = [{ id: nextId, value: 'x' }];
  return { ...base, id: nextId++, metadata };
};
const fieldNames = (rows: readonly Seed[]) => runJob(fieldNamesJob(rows)).offered;
const extra = (rows: readonly Seed[]) => fieldNames(rows).slice(DUBLIN_CORE_FIELDS.length);

describe('the field names the seeds page offers', () => {
  it('lists Dublin Core first, then the other names seen, sorted', () => {
    const names = fieldNames([seed('Title', 'Zone'), seed('Local Call Number')]);
    expect(names.slice(0, DUBLIN_CORE_FIELDS.length)).toEqual([...DUBLIN_CORE_FIELDS]);
    expect(names.slice(DUBLIN_CORE_FIELDS.length)).toEqual(['Local Call Number', 'Zone']);
  });

  it('adds the names of pages as they arrive', () => {
    const first = [seed('Alpha'), seed()];
    expect(extra(first)).toEqual(['Alpha']);
    const grown = [...first, seed('Gamma'), seed('Beta')];
    expect(extra(grown)).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(extra([...grown, seed('Delta')])).toEqual(['Alpha', 'Beta', 'Delta', 'Gamma']);
  });

  it('forgets names that a list no longer holds', () => {
    const start = seed('Alpha');
    const long = [start, seed('Beta'), seed('Gamma')];
    expect(extra(long)).toEqual(['Alpha', 'Beta', 'Gamma']);
    // The same first seed, but a shorter list, and one of the same length with other rows.
    expect(extra([start, seed('Delta')])).toEqual(['Alpha', 'Delta']);
    expect(extra([start, seed('Epsilon'), seed()])).toEqual(['Alpha', 'Epsilon']);
  });
});
