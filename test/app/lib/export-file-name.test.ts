import { describe, expect, it } from 'vitest';
import { exportFileName } from '../../../src/lib/export-file-name';

const date = new Date(2026, 10, 23, 23, 30);
const name = (
  pathname: string,
  search: string,
  partial = false,
  extension = 'csv',
  what = 'seeds',
) => exportFileName({ what, pathname, search }, { date, partial, extension });

describe('export file names', () => {
  it('say what the rows are, which filters chose them, and the day', () => {
    expect(name('/collections/12912', '?where=Language:English')).toBe(
      'seeds-collection-12912-where-Language-English-2026-11-23.csv',
    );
    expect(name('/seeds', '?collection=12912&where=Language%3AEnglish')).toBe(
      'seeds-collection-12912-where-Language-English-2026-11-23.csv',
    );
    expect(name('/collections/7/seed-groups', '', false, 'json', 'seed groups')).toBe(
      'seed-groups-collection-7-2026-11-23.json',
    );
  });

  it('leave out the sort and the selected seed, which change no row', () => {
    expect(name('/seeds', '?sort=-url&seed=4&active=false')).toBe(
      'seeds-active-false-2026-11-23.csv',
    );
  });

  it('say when the file holds only the rows loaded so far', () => {
    expect(name('/seeds', '', true, 'txt')).toBe('seeds-2026-11-23-partial.txt');
  });

  it('keep to safe characters, whatever the filters hold', () => {
    const file = name(
      '/seeds',
      `?q=${encodeURIComponent('../../etc/passwd <script> “Español” \u202Eexe.gpj')}&where=${encodeURIComponent('Subject:a/b\\c:d')}`,
    );
    expect(file).toBe(
      'seeds-q-etc-passwd-script-Espanol-exe-gpj-where-Subject-a-b-c-d-2026-11-23.csv',
    );
    expect(file).toMatch(/^[A-Za-z0-9-]+\.csv$/);
  });

  it('stay short, cut between words', () => {
    const file = name('/seeds', `?q=${'word '.repeat(100)}`, true);
    expect(file.length).toBeLessThanOrEqual(128);
    expect(file).toMatch(/^seeds-q-word(-word)*-2026-11-23-partial\.csv$/);
  });

  it('shorten a long name value by value, and never lose a filter', () => {
    const long = (word: string) => encodeURIComponent(`${word} `.repeat(30));
    const file = name(
      '/seeds',
      `?where=Subject:${long('elections')}&q=${long('budget')}&missing=Language&active=true&public=true`,
      true,
    );
    expect(file.length).toBeLessThanOrEqual(128);
    expect(file).toMatch(
      /^seeds-where-Subject-elections(-elections)*-q-budget(-budget)*-missing-Language-active-true-public-true-2026-11-23-partial\.csv$/,
    );
    // The two long values share the room: neither is cut to nothing for the other.
    const where = /where-(.*)-q-/.exec(file)?.[1] ?? '';
    const q = /-q-(.*)-missing-/.exec(file)?.[1] ?? '';
    expect(Math.abs(where.length - q.length)).toBeLessThan(12);
  });

  it('name each filter once, with its values after it', () => {
    expect(name('/seeds', '?where=Language:English&where=Language:Spanish&missing=Subject')).toBe(
      'seeds-where-Language-English-Language-Spanish-missing-Subject-2026-11-23.csv',
    );
  });

  it('stay within 128 characters whatever the address holds', () => {
    const many = Array.from({ length: 40 }, (_, i) => `filter${String(i)}=x`).join('&');
    const file = name('/seeds', `?${many}`, true, 'json');
    expect(file.length).toBeLessThanOrEqual(128);
    expect(file).toMatch(/^seeds-filter0-filter1-.*-2026-11-23-partial\.json$/);
  });
});
