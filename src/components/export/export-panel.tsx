/**
 * The Export menu's content, loaded on first use: the count the file will hold, the formats, the
 * choice to wait for a list still loading or take the rows loaded so far (a partial file), and the
 * export's progress, outcome or failure, announced to screen readers. A failure changes nothing on
 * the page: the export only ever reads the rows.
 *
 * It is over 300 lines because the export's phases (idle, waiting for the list, running, done,
 * failed) are one state machine, and the panel renders each of them.
 */
import { useEffect, useRef, useState } from 'react';
import { focusLeaves, useDismiss } from '../use-dismiss';
import { exportFileName } from '../../lib/export-file-name';
import { formatCount, plural } from '../../lib/format';
import { Cancelled } from '../../scheduling';
import type { ExportPanelProps } from './export-menu';
import { runExport, type ExportFormat } from './run-export';

/** An export that takes longer than this shows its progress. */
const SHOW_PROGRESS_AFTER_MS = 500;

const FORMATS: { format: ExportFormat; label: string; extension: string; hint: string }[] = [
  { format: 'csv', label: 'CSV', extension: 'csv', hint: 'the columns shown, for a spreadsheet' },
  {
    format: 'json',
    label: 'JSON',
    extension: 'json',
    hint: 'every field, as the service names it',
  },
  { format: 'urls', label: 'URL list', extension: 'txt', hint: 'one address per line' },
];

type Phase =
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

export default function ExportPanel<Row>({
  source,
  list,
  noun,
  nouns,
  naming,
  id,
  open,
  setOpen,
  button,
}: ExportPanelProps<Row>) {
  const [state, setState] = useState<Phase>({ phase: 'idle' });
  const [allMetadata, setAllMetadata] = useState(false);
  const [waitForAll, setWaitForAll] = useState(true);
  const panelRef = useRef<HTMLDivElement>(null);
  const controller = useRef<AbortController | null>(null);
  const count = source.rows.length;
  const loading = list.loading;
  const formats = FORMATS.filter((f) => f.format !== 'urls' || source.urlOf);

  // Escape, a click outside the menu or focus moving away closes it; an export goes on.
  useDismiss({
    open,
    close: () => {
      setOpen(false);
    },
    root: () => button.current?.parentElement,
    button,
    panel: panelRef,
    firstControl: 'input, button',
  });
  const onClose = () => {
    setOpen(false);
    button.current?.focus();
  };

  useEffect(
    () => () => {
      controller.current?.abort();
    },
    [],
  );

  const start = (format: ExportFormat) => {
    const { extension } = FORMATS.find((f) => f.format === format) ?? { extension: 'txt' };
    const fileName = exportFileName(naming, {
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
      signal: abort.signal,
      onRows: (done) => {
        setState((s) => (s.phase === 'running' ? { ...s, done } : s));
      },
    })
      .then(() => {
        setState({
          phase: 'done',
          message: `Exported ${plural(rows, noun, nouns)} to ${fileName}.`,
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
  useEffect(() => {
    if (waitingFor === null || !ready) return;
    // In a task of its own, as a click would start it; with the rows of the render that ends
    // the wait.
    const timer = setTimeout(() => {
      start(waitingFor);
    }, 0);
    return () => {
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per wait, not per new rows
  }, [waitingFor, ready]);

  const choose = (format: ExportFormat) => {
    onClose();
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
  // The name the file will have, before it is saved: partial unless it waits for every row.
  const extensions = formats.map((f) => `.${f.extension}`);
  const fileName = exportFileName(naming, {
    date: new Date(),
    partial: !list.complete && !(loading && waitForAll),
    extension: 'csv',
  }).slice(0, -'.csv'.length);
  const formatLabel = (format: ExportFormat) => FORMATS.find((f) => f.format === format)?.label;

  return (
    <>
      <div
        ref={panelRef}
        id={id}
        role="group"
        aria-label={`Export ${nouns}`}
        className="export-menu__panel"
        hidden={!open}
        onBlur={(event) => {
          if (focusLeaves(event, button.current?.parentElement)) setOpen(false);
        }}
      >
        <p className="export-menu__count">
          {loading
            ? `Still loading: ${loading.total === null ? plural(loading.loaded, noun, nouns) : `${formatCount(loading.loaded)} of ${plural(loading.total, noun, nouns)}`} so far.`
            : `Export ${plural(count, noun, nouns)}`}
        </p>
        <p className="export-menu__file">
          File name: <span className="export-menu__file-name">{fileName}</span>
          <span className="export-menu__note">
            {extensions.slice(0, -1).join(', ')} or {extensions.at(-1)}
          </span>
        </p>
        {!loading && !list.complete && (
          <p className="export-menu__note">
            The list did not load completely: the file holds the rows loaded, and its name says
            “partial”.
          </p>
        )}
        {loading && (
          <fieldset className="export-menu__choice">
            <legend className="visually-hidden">When to export</legend>
            <label>
              <input
                type="radio"
                name={`${id}-when`}
                checked={waitForAll}
                onChange={() => {
                  setWaitForAll(true);
                }}
              />
              {loading.total === null
                ? `Export when every ${noun} has loaded`
                : `Export when all ${formatCount(loading.total)} have loaded`}
            </label>
            <label>
              <input
                type="radio"
                name={`${id}-when`}
                checked={!waitForAll}
                onChange={() => {
                  setWaitForAll(false);
                }}
              />
              Export the {plural(count, noun, nouns)} loaded now (a partial file)
            </label>
          </fieldset>
        )}
        {source.metadata && (
          <label className="export-menu__option">
            <input
              type="checkbox"
              checked={allMetadata}
              onChange={(event) => {
                setAllMetadata(event.currentTarget.checked);
              }}
            />
            Include all metadata fields (CSV)
          </label>
        )}
        <ul className="export-menu__formats">
          {formats.map(({ format, label, hint }) => (
            <li key={format}>
              <button
                type="button"
                className="export-menu__format"
                disabled={busy}
                aria-describedby={`${id}-${format}`}
                onClick={() => {
                  choose(format);
                }}
              >
                {label}
              </button>
              <span id={`${id}-${format}`} className="export-menu__hint">
                {hint}
              </span>
            </li>
          ))}
        </ul>
      </div>
      <div className="export-menu__status">
        <p role="status">
          {state.phase === 'waiting' &&
            `The ${formatLabel(state.format) ?? ''} export starts when ${loading ? `every ${noun} has loaded` : 'the filters have been applied'}.`}
          {state.phase === 'running' &&
            state.slow &&
            `Exporting ${plural(state.total, noun, nouns)} as ${formatLabel(state.format) ?? ''}…`}
          {state.phase === 'done' && state.message}
        </p>
        {state.phase === 'running' && state.slow && (
          <div
            className="export-menu__progress"
            role="progressbar"
            aria-label={`Exporting ${nouns}`}
            aria-valuemin={0}
            aria-valuemax={state.total}
            aria-valuenow={state.done}
            aria-valuetext={`${formatCount(state.done)} of ${formatCount(state.total)}`}
          >
            <div
              className="export-menu__progress-bar"
              style={{
                width: `${String(state.total > 0 ? (100 * state.done) / state.total : 0)}%`,
              }}
            />
          </div>
        )}
        {busy && (
          <button type="button" className="link-button" onClick={cancel}>
            Cancel the export
          </button>
        )}
        {state.phase === 'failed' && (
          <p role="alert" className="export-menu__error">
            {state.message}
          </p>
        )}
      </div>
    </>
  );
}
