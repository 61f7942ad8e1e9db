/**
 * What Print puts on paper, loaded on first use. A list prints as a document of its own, built
 * here as plain elements before the app (which the print stylesheet then leaves out): the page's
 * title, the filters in force, the count, the date, and the rows the table shows as a plain table,
 * in its order and columns, up to PRINT_ROWS of them with a note beyond. An overview prints as it
 * is on screen (the print stylesheet leaves out the controls) under the same heading lines. Text
 * only, never markup: every value is set as text.
 */
import { formatCount, plural } from '../../lib/format';

/** Rows a printout holds; past this, a note says how many more there are. */
export const PRINT_ROWS = 5_000;

export interface PrintDocument {
  /** The filters in force, in words ("inactive", "Quick filter: “gov”"). */
  readonly inForce: readonly string[];
  /** The order of the rows, in words. */
  readonly sort?: string;
  /** The page's count line. */
  readonly count?: string;
  /** The rows, for a list; an overview prints the page itself. */
  readonly table?: PrintTable;
}

export interface PrintTable {
  readonly headers: readonly string[];
  /** Each column's share of the page, as the widths of the columns on screen. */
  readonly widths: readonly number[];
  /** The columns aligned to the end (numbers), as on screen. */
  readonly ends: readonly boolean[];
  readonly total: number;
  /** The `i`th row in the order on screen, its cells as text. */
  readonly row: (i: number) => readonly string[];
  readonly noun: string;
  readonly nouns: string;
}

const printedAt = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' });

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
}

/** The page's title as the screen gives it: its heading, and the tab open below it. */
function pageTitle(): string {
  const heading = document.querySelector('main h1')?.textContent.trim() ?? '';
  const tab = document.querySelector('main .tabs [aria-current="page"]')?.textContent.trim();
  const title = tab ? `${heading}: ${tab}` : heading;
  return title || document.title;
}

/** The rows as a plain table, up to PRINT_ROWS of them and a note beyond. */
function table({ headers, widths, ends, total, row, noun, nouns }: PrintTable) {
  const grid = element('table', 'print-table');
  const columns = element('colgroup', '');
  const all = widths.reduce((sum, w) => sum + w, 0);
  for (const width of widths) {
    const col = element('col', '');
    col.style.width = `${String((width / all) * 100)}%`;
    columns.append(col);
  }
  grid.append(columns);
  const head = grid.createTHead().insertRow();
  const end = (i: number) => (ends[i] ? 'print-table__end' : '');
  headers.forEach((header, i) => {
    head.append(element('th', end(i), header));
  });
  const body = grid.createTBody();
  const printed = Math.min(PRINT_ROWS, total);
  for (let i = 0; i < printed; i++) {
    const cells = body.insertRow();
    row(i).forEach((text, c) => {
      const cell = cells.insertCell();
      cell.className = end(c);
      cell.textContent = text;
    });
  }
  if (total <= printed) return [grid];
  return [
    grid,
    element(
      'p',
      'print-view__note',
      `The first ${formatCount(printed)} of ${plural(total, noun, nouns)} are printed; export the list for every row.`,
    ),
  ];
}

/** Builds the printout, opens the browser's print dialog, and takes the printout away after. */
export function printPage(doc: PrintDocument): void {
  document.querySelector('.print-view')?.remove();
  const lines = [
    ...(doc.inForce.length > 0
      ? [`Filters in force: ${doc.inForce.join(' · ')}`]
      : doc.table
        ? ['No filters: the whole list']
        : []),
    ...(doc.sort ? [doc.sort] : []),
  ];
  const view = element('section', 'print-view');
  view.setAttribute('aria-hidden', 'true');
  // An overview prints its own heading; a list's printout has only this one.
  if (doc.table) view.append(element('h1', 'print-view__title', pageTitle()));
  const facts = element('ul', 'print-view__facts');
  for (const line of lines) facts.append(element('li', '', line));
  if (doc.count) facts.append(element('li', 'print-view__count', doc.count));
  facts.append(element('li', 'print-view__date', `Printed ${printedAt.format(Date.now())}`));
  view.append(facts);
  if (doc.table) view.append(...table(doc.table));
  document.body.insertBefore(view, document.getElementById('root'));
  document.documentElement.classList.toggle('print-list', doc.table !== undefined);
  const done = () => {
    view.remove();
    document.documentElement.classList.remove('print-list');
    window.removeEventListener('afterprint', done);
  };
  window.addEventListener('afterprint', done);
  window.print();
}
