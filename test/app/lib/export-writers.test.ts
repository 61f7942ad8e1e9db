/**
 * The export writers: CSV as RFC 4180 and spreadsheets read it, OWASP's rule against formulas,
 * JSON, and the list of addresses; every value round-trips through the same CSV library.
 */
import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  csvJob,
  jsonJob,
  neutraliseFormula,
  urlLine,
  urlListJob,
  type Cell,
} from '../../../src/lib/export-writers';
import { runJob } from '../../../src/scheduling';
import {
  DATA_URL,
  EMOJI,
  FORMULAS,
  IMG_ONERROR,
  RLO,
  RTL_TEXT,
  SCRIPT,
  longDescription,
} from '../../../src/server/catalogue/hostile';

function csv(header: string[], rows: Cell[][]): string {
  return runJob(csvJob(header, rows.length, (i) => rows[i] ?? [])).join('');
}

/** The records of a CSV file, read back with the library that wrote it. */
function parse(text: string): string[][] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  expect(text.endsWith('\r\n')).toBe(true);
  const parsed = Papa.parse<string[]>(text.slice(1, -2), { newline: '\r\n' });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

describe('CSV', () => {
  it('writes a byte-order mark, a header, CRLF after every record, and quotes only where needed', () => {
    const text = csv(
      ['Name', 'Size', 'Active', 'Note'],
      [
        ['Plain', 1_234_567_890_123, true, null],
        ['A, comma', 0, false, 'say "hi"'],
        ['Two\r\nlines', null, null, ''],
      ],
    );
    expect(text).toBe(
      '\uFEFFName,Size,Active,Note\r\n' +
        'Plain,1234567890123,true,\r\n' +
        '"A, comma",0,false,"say ""hi"""\r\n' +
        '"Two\r\nlines",,,\r\n',
    );
  });

  it('writes every slice of a long list, in order', () => {
    const rows = Array.from({ length: 2_345 }, (_, i) => [i, `row ${String(i)}`]);
    const [header, ...read] = parse(csv(['n', 'text'], rows));
    expect(header).toEqual(['n', 'text']);
    expect(read).toEqual(rows.map(([n, t]) => [String(n), t]));
  });

  it('reports its progress after each slice', () => {
    const seen: number[] = [];
    runJob(
      csvJob(
        ['n'],
        2_500,
        (i) => [i],
        (done) => seen.push(done),
      ),
    );
    expect(seen).toEqual([1_000, 2_000, 2_500]);
  });

  it('leaves numbers that are not numbers empty', () => {
    expect(csv(['n'], [[Number.NaN], [Number.POSITIVE_INFINITY]])).toBe('\uFEFFn\r\n\r\n\r\n');
  });
});

describe('formula injection', () => {
  it('prefixes a single quote to text starting with = + - @, a tab or a carriage return', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(neutraliseFormula(`${start}1+1`)).toBe(`'${start}1+1`);
    }
    for (const safe of ['1+1', 'a=b', "'=1", '', 'https://example.org/?a=-1', 'x =1', '\u00e9=1']) {
      expect(neutraliseFormula(safe)).toBe(safe);
    }
    expect(neutraliseFormula(-5)).toBe(-5);
    expect(neutraliseFormula(true)).toBe(true);
    expect(neutraliseFormula(null)).toBe(null);
  });

  it('looks past whatever blank or invisible characters come first, and reads full-width signs as signs', () => {
    // LibreOffice drops a leading NUL and evaluates the rest; others trim spaces or ignore marks.
    const unseen = [
      '\u0000', // NUL
      '\u0001', // another C0 control
      '\u000B', // vertical tab
      '\u001C', // file separator
      '\u0085', // next line (C1)
      '\u009B', // another C1 control
      '\uFEFF', // byte-order mark
      '\u200B', // zero-width space
      '\u200D', // zero-width joiner
      '\u2060', // word joiner
      '\u202E', // right-to-left override
      '\u2028', // line separator
      '\u2029', // paragraph separator
      ' ',
      '\u00A0', // no-break space
      '\u3000', // ideographic space
      '\u3164', // Hangul filler
      '\n',
    ];
    const signs = ['=', '+', '-', '@', '＝', '＋', '－', '＠'];
    for (const lead of unseen) {
      for (const sign of signs) {
        for (const cell of [`${lead}${sign}1+1`, `${lead}${lead}${sign}HYPERLINK("x")`]) {
          expect(neutraliseFormula(cell), JSON.stringify(cell)).toBe(`'${cell}`);
        }
      }
      expect(neutraliseFormula(`${lead}plain text`)).toBe(`${lead}plain text`);
    }
    for (const sign of signs) expect(neutraliseFormula(`${sign}1`)).toBe(`'${sign}1`);
  });

  it('neutralises every formula the hostile catalogue holds, in cells and in the header', () => {
    const [header, ...rows] = parse(
      csv(
        [...FORMULAS],
        FORMULAS.map((f) => [f, 'x', 1, 2, 3, 4]),
      ),
    );
    expect(header).toEqual(FORMULAS.map((f) => `'${f}`));
    rows.forEach((row, i) => {
      expect(row[0]).toBe(`'${FORMULAS[i] ?? ''}`);
      // A spreadsheet sees a quote first: never one of the characters that start a formula.
      expect(row[0]?.charAt(0)).toBe("'");
    });
  });
});

describe('round trip', () => {
  const hostile = [
    SCRIPT,
    IMG_ONERROR,
    DATA_URL,
    RTL_TEXT,
    `${RLO}evil.exe`,
    EMOJI,
    longDescription(),
    'quotes "" and "',
    'comma, comma',
    'line\nbreak\r\nand\rreturn',
    ' spaces around ',
    '<b>markup</b> & entities &amp;',
    '\uFEFFa byte-order mark inside',
    ...FORMULAS,
  ];

  it('gives back every hostile value exactly, formulas with their quote', () => {
    const rows = hostile.map((value) => [value, value]);
    const read = parse(csv(['a', 'b'], rows)).slice(1);
    expect(read).toEqual(rows.map((row) => row.map((v) => neutraliseFormula(v))));
  });

  it('gives back any text exactly', () => {
    const text = fc.string({ unit: 'binary', maxLength: 40 });
    fc.assert(
      fc.property(
        fc.array(fc.array(text, { minLength: 2, maxLength: 2 }), { maxLength: 20 }),
        (rows) => {
          const read = parse(csv(['a', 'b'], rows)).slice(1);
          expect(read).toEqual(rows.map((row) => row.map((v) => neutraliseFormula(v))));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('JSON', () => {
  it('is an array of the records, one per line, that parses back to them', () => {
    const records = hostileRecords();
    const text = runJob(jsonJob(records.length, (i) => records[i])).join('');
    expect(JSON.parse(text)).toEqual(records);
    // `[`, a line per record, `]`, and the final line break.
    expect(text.split('\n')).toHaveLength(records.length + 3);
    expect(JSON.parse(runJob(jsonJob(0, () => null)).join(''))).toEqual([]);
  });
});

function hostileRecords() {
  return [
    {
      id: 1,
      title: SCRIPT,
      description: longDescription(),
      metadata: { Notes: [{ id: 2, value: FORMULAS[0] }] },
    },
    { id: 3, title: `${RLO}${RTL_TEXT}`, description: 'a\r\nb', metadata: {} },
  ];
}

describe('URL list', () => {
  it('writes one address per line, none split or disguised, and leaves out rows without one', () => {
    const urls = [
      'https://example.org/a',
      null,
      `https://example.org/${RLO}gpj.exe`,
      'https://example.org/two\nlines',
      '',
    ];
    const text = runJob(urlListJob(urls.length, (i) => urls[i] ?? null)).join('');
    expect(text).toBe(
      'https://example.org/a\nhttps://example.org/%E2%80%AEgpj.exe\nhttps://example.org/two%0Alines\n',
    );
  });

  /**
   * Where common readers break lines: Python's `str.splitlines` (LF, CR, VT, FF, FS, GS, RS, NEL,
   * LS, PS), JavaScript's line terminators, Unicode's mandatory breaks, and text editors that take
   * any control for the end of a record. Encoded, none of them is left in an address.
   */
  const LINE_BREAKS = [
    '\n',
    '\r',
    '\u000B',
    '\u000C',
    '\u001C',
    '\u001D',
    '\u001E',
    '\u0085',
    '\u2028',
    '\u2029',
  ];
  const splitlines = (text: string) =>
    // The controls are the point: these are the breaks Python's splitlines takes.
    // eslint-disable-next-line no-control-regex
    text.split(/\r\n|[\n\r\u000B\u000C\u001C-\u001E\u0085\u2028\u2029]/u);

  it('encodes every character any reader takes for a line break, and every invisible one', () => {
    const invisible = [
      '\u0000',
      '\u0009',
      '\u007F',
      '\u009F',
      '\u00AD',
      '\u200B',
      '\u200E',
      '\u2066',
      '\uFEFF',
      '\u3164',
      '\u00A0',
      ' ',
    ];
    const urls = [...LINE_BREAKS, ...invisible].map(
      (char) => `https://example.org/a${char}b?q=${char}`,
    );
    const text = runJob(urlListJob(urls.length, (i) => urls[i] ?? null)).join('');
    const lines = splitlines(text).slice(0, -1);
    expect(lines).toHaveLength(urls.length);
    lines.forEach((line, i) => {
      const char = [...LINE_BREAKS, ...invisible][i] ?? '';
      const code = encodeURIComponent(char);
      expect(line).toBe(`https://example.org/a${code}b?q=${code}`);
      // The same address to a browser or a crawler.
      expect(decodeURIComponent(line)).toBe(urls[i]);
    });
  });

  it('keeps any address on one line of visible characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 30 }), (path) => {
        const line = urlLine(`https://example.org/${path}`);
        expect(splitlines(line)).toHaveLength(1);
        expect(line).not.toMatch(/[\p{Cc}\p{Z}\p{Default_Ignorable_Code_Point}]/u);
      }),
      { numRuns: 500 },
    );
  });
});
