import { describe, expect, it } from 'vitest';
import { addedOf, updateOf, utcDay, utcDayStart } from '../../../src/api/changes';
import { parseInstant } from '../../../src/api/calendar';

const at = (text: string) => parseInstant(text);

describe('who changed a record and when', () => {
  it('an update is a last update later than the creation; the creation alone is an addition', () => {
    const added = {
      createdBy: 'ahanson',
      created: at('2026-11-24T10:00:00Z'),
      lastUpdatedBy: 'ahanson',
      lastUpdated: at('2026-11-24T10:00:00Z'),
    };
    expect(addedOf(added)).toEqual({ by: 'ahanson', ms: Date.UTC(2026, 10, 24, 10) });
    expect(updateOf(added)).toBeNull();
    const edited = { ...added, lastUpdatedBy: 'mlib', lastUpdated: at('2026-11-25T08:30:00.5Z') };
    expect(updateOf(edited)).toEqual({ by: 'mlib', ms: Date.UTC(2026, 10, 25, 8, 30, 0, 500) });
  });

  it('says who is unknown rather than guessing, and counts an update when the creation is unknown', () => {
    const visitor = { created: null, lastUpdated: at('2026-11-25T08:30:00Z') };
    expect(addedOf(visitor)).toBeNull();
    expect(updateOf(visitor)).toEqual({ by: null, ms: Date.UTC(2026, 10, 25, 8, 30) });
    expect(updateOf({ ...visitor, lastUpdatedBy: '  ' })?.by).toBeNull();
    expect(updateOf({ ...visitor, lastUpdatedBy: 42 })?.by).toBeNull();
    expect(updateOf({})).toBeNull();
  });

  it('reads a day only when the calendar has it', () => {
    expect(utcDayStart('2026-11-24')).toBe(Date.UTC(2026, 10, 24));
    expect(utcDayStart('2024-02-29')).toBe(Date.UTC(2024, 1, 29));
    for (const text of [
      '2026-02-30',
      '2025-02-29',
      '2026-13-01',
      '2026-11-24T00:00',
      '24/11/2026',
      '',
    ])
      expect(utcDayStart(text)).toBeNull();
    expect(utcDay(Date.UTC(2026, 10, 24, 23, 59, 59, 999))).toBe('2026-11-24');
  });
});
