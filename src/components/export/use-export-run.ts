/**
 * An export's run, apart from the menu that starts it: its phases (idle, waiting for the list,
 * running, done, failed), the wait for a list still loading or filtering, the progress shown once
 * it is slow, a cancel, and the failure's message. The menu may close; the run goes on.
 */
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { exportFileName } from '../../lib/export-file-name';
import { formatCount, plural } from '../../lib/format';
import { Cancelled } from '../../scheduling';
import type { ExportMenuProps } from './export-menu';
import { runExport, type ExportFormat } from './run-export';
import type { BulkFields } from './sheet-export';

/** An export that takes longer than this shows its progress. */
const SHOW_PROGRESS_AFTER_MS = 500;

export const FORMATS: { format: ExportFormat; label: string; extension: string; hint: string }[] = [
  { format: 'csv', label: 'CSV', extension: 'csv', hint: 'the columns shown, for a spreadsheet' },
  {
    format: 'json',
    label: 'JSON',
    extension: 'json',
    hint: 'every field, as the service names it',
  },
  { format: 'urls', label: 'URL list', extension: 'txt', hint: 'one address per line' },
  {
    format: 'xlsx',
    label: 'Excel (.xlsx)',
    extension: 'xlsx',
    hint: 'typed cells, a column per value',
  },
  {
    format: 'ods',
    label: 'OpenDocument (.ods)',
    extension: 'ods',
    hint: 'the same, for LibreOffice',
  },
];

/** The metadata sheet for the service's bulk upload: not one of the table's formats. */
export const BULK_SHEET = {
  format: 'bulk',
  label: 'Metadata sheet for bulk upload (.ods)',
  extension: 'ods',
} as const;

const formatOf = (format: ExportFormat) =>
  format === 'bulk' ? BULK_SHEET : FORMATS.find((f) => f.format === format);

/** The label of a format, as the menu names it. */
export const formatLabel = (format: ExportFormat): string => formatOf(format)?.label ?? format;

/** What the done message adds when a spreadsheet had to cut cells. */
export function cutWords(cut: number): string {
  if (cut === 0) return '';
  return ` ${cut === 1 ? 'One cell was' : `${formatCount(cut)} cells were`} longer than a spreadsheet cell holds (32,767 characters) and ${cut === 1 ? 'is' : 'are'} cut, marked “[cut: …]”; the CSV and JSON keep ${cut === 1 ? 'it' : 'them'} whole.`;
}

export type Phase =
  | { readonly phase: 'idle' }
  | { readonly phase: 'waiting'; readonly format: ExportFormat }
  | {
      readonly phase: 'running';
      readonly format: ExportFormat;
      readonly done: number;
      readonly total: number;
      readonly slow: boolean;
    }
  | { readonly phase: 'done'; readonly message: string }
  | { readonly phase: 'failed'; readonly message: string };

function failure(error: unknown): string {
  if (error instanceof RangeError || (error instanceof Error && /memory/i.test(error.message))) {
    return 'The export failed: it is too large for the memory this browser allows. Try fewer rows (a filter) or fewer columns.';
  }
  const reason = error instanceof Error ? error.message : String(error);
  return `The export failed (${reason}). Nothing on the page has changed; try again.`;
}

export interface ExportRun {
  readonly state: Phase;
  /** An export is waiting or running: no other can start. */
  readonly busy: boolean;
  /** Exports now, or once the list has loaded (`waitForAll`) and the filters are applied. */
  readonly choose: (format: ExportFormat) => void;
  readonly cancel: () => void;
}

export function useExportRun<Row>(
  { source, list, noun, nouns, naming }: ExportMenuProps<Row>,
  {
    allMetadata,
    waitForAll,
    bulkFields,
  }: {
    /** Every metadata field as a column of a CSV or spreadsheet. */
    allMetadata: boolean;
    /** A list still loading is exported once it has loaded, not as the rows loaded so far. */
    waitForAll: boolean;
    /** The bulk-upload sheet's fields. */
    bulkFields: BulkFields;
  },
): ExportRun {
  const [state, setState] = useState<Phase>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const count = source.rows.length;
  const loading = list.loading;

  useEffect(
    () => () => {
      controller.current?.abort();
    },
    [],
  );

  const start = (format: ExportFormat) => {
    const { extension } = formatOf(format) ?? { extension: 'txt' };
    const what = format === 'bulk' ? { ...naming, what: `${noun} metadata` } : naming;
    const fileName = exportFileName(what, {
      date: new Date(),
      partial: !list.complete,
      extension,
    });
    const abort = new AbortController();
    controller.current = abort;
    const rows = count;
    setState({ phase: 'running', format, done: 0, total: rows, slow: false });
    const slow = setTimeout(() => {
      setState((s) => (s.phase === 'running' ? { ...s, slow: true } : s));
    }, SHOW_PROGRESS_AFTER_MS);
    runExport(source, {
      format,
      allMetadata,
      fileName,
      sheetName: nouns.charAt(0).toUpperCase() + nouns.slice(1),
      bulkFields,
      signal: abort.signal,
      onRows: (done) => {
        setState((s) => (s.phase === 'running' ? { ...s, done } : s));
      },
    })
      .then(({ cut }) => {
        setState({
          phase: 'done',
          message: `Exported ${plural(rows, noun, nouns)} to ${fileName}.${cutWords(cut)}`,
        });
      })
      .catch((error: unknown) => {
        setState(
          error instanceof Cancelled
            ? { phase: 'idle' }
            : { phase: 'failed', message: failure(error) },
        );
      })
      .finally(() => {
        clearTimeout(slow);
        if (controller.current === abort) controller.current = null;
      });
  };

  // A wait ends when every row has arrived and the filters have been applied to them all.
  const ready = loading === null && !list.settling;
  // A list that fails while an export waits for it ends the wait, saying so.
  if (state.phase === 'waiting' && list.error && !list.complete) {
    setState({
      phase: 'failed',
      message: `The rest of the ${nouns} could not be loaded, so nothing was exported. Export the ${formatCount(count)} loaded now, or try again when the list has loaded.`,
    });
  }
  const waitingFor = state.phase === 'waiting' ? state.format : null;
  // The export as the render that ends the wait would start it (its rows, columns and name).
  const startOf = useEffectEvent((format: ExportFormat) => () => {
    start(format);
  });
  useEffect(() => {
    if (waitingFor === null || !ready) return;
    // In a task of its own, as a click would start it; once per wait, not per new rows.
    const timer = setTimeout(startOf(waitingFor), 0);
    return () => {
      clearTimeout(timer);
    };
  }, [waitingFor, ready]);

  const choose = (format: ExportFormat) => {
    if ((loading && waitForAll) || (list.settling && !loading)) {
      setState({ phase: 'waiting', format });
    } else {
      start(format);
    }
  };
  const cancel = () => {
    controller.current?.abort();
    setState({ phase: 'idle' });
  };
  const busy = state.phase === 'running' || state.phase === 'waiting';
  return { state, busy, choose, cancel };
}
