/**
 * JSON exports hold records under the service's names: every field the explorer reads, the full
 * metadata, timestamps as the service wrote them, unknown fields as null, and never a secret.
 */
import { describe, expect, it } from 'vitest';
import { parseRecords } from '../../../src/api/parse';
import { RECORD_FIELDS } from '../../../src/api/records';
import { toServiceRecord } from '../../../src/api/service-record';
import { generateCatalogue } from '../../../src/server/catalogue/generate';
import { HOSTILE_SECRETS, addHostileRecords } from '../../../src/server/catalogue/hostile';

const catalogue = generateCatalogue({ seeds: 200 });
const ids = addHostileRecords(catalogue);

describe('records under the service’s names', () => {
  it('names every field as the service does, and keeps the metadata and timestamps whole', () => {
    const raw = catalogue.seeds.find((s) => s.id === ids.seeds.manyValues);
    const [seed] = parseRecords('seed', [raw]).records;
    if (!raw || !seed) throw new Error('no seed');
    const record = toServiceRecord('seed', seed);
    expect(Object.keys(record)).toEqual([
      'id',
      ...Object.values(RECORD_FIELDS.seed).map((f) => f.wire),
    ]);
    expect(record.metadata).toEqual(raw.metadata);
    expect(record.created_date).toBe(raw.created_date);
    expect(record.url).toBe(raw.url);
    expect(record.active).toBe(raw.active);
  });

  it('leaves no secret in any record, the hostile ones included', () => {
    const everything = JSON.stringify([
      ...parseRecords('seed', catalogue.seeds).records.map((r) => toServiceRecord('seed', r)),
      ...parseRecords('collection', catalogue.collections).records.map((r) =>
        toServiceRecord('collection', r),
      ),
    ]);
    for (const secret of Object.values(HOSTILE_SECRETS)) expect(everything).not.toContain(secret);
    expect(everything).not.toMatch(/login_password|private_access_token/);
  });

  it('gives null for a field the service did not provide or sent unreadable', () => {
    const withoutUrl: Record<string, unknown> = { ...catalogue.seeds[10] };
    delete withoutUrl.url;
    const [seed] = parseRecords('seed', [{ ...withoutUrl, created_date: 'yesterday' }]).records;
    if (!seed) throw new Error('no seed');
    const record = toServiceRecord('seed', seed);
    expect(record.url).toBeNull();
    expect(record.created_date).toBeNull();
    expect(record.id).toBe(catalogue.seeds[10]?.id);
  });
});
