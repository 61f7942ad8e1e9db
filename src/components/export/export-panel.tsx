/**
 * The Export menu's content, loaded on first use: the count the file will hold, the formats, the
 * choice to wait for a list still loading or take the rows loaded so far (a partial file), and the
 * export's progress, outcome or failure, announced to screen readers. A failure changes nothing on
 * the page: the export only ever reads the rows.
 *
 * The run itself (its phases, the wait, progress and cancel) is in use-export-run.ts.
 */
import { useRef, useState } from 'react';
import { useDismiss } from '../use-dismiss';
import { exportFileName } from '../../lib/export-file-name';
import { formatCount, plural } from '../../lib/format';
import type { ExportPanelProps } from './export-menu';
import type { ExportFormat } from './run-export';
import { BulkSheetChoice, useBulkFields } from './bulk-sheet-choice';
import { FORMATS, formatLabel, useExportRun } from './use-export-run';

export default function ExportPanel<Row>(props: ExportPanelProps<Row>) {
  const { source, list, noun, nouns, naming, id, open, setOpen, button } = props;
  const [allMetadata, setAllMetadata] = useState(false);
  const [waitForAll, setWaitForAll] = useState(true);
  const panelRef = useRef<HTMLDivElement>(null);
  const bulk = useBulkFields();
  const { state, busy, choose, cancel } = useExportRun(props, {
    allMetadata,
    waitForAll,
    bulkFields: bulk.fields,
  });
  const count = source.rows.length;
  const loading = list.loading;
  const formats = FORMATS.filter((f) => f.format !== 'urls' || source.urlOf);

  // Escape or a click outside the menu closes it (focus moving away: the menu); an export goes on.
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

  const exportAs = (format: ExportFormat) => {
    onClose();
    choose(format);
  };

  // The name the file will have, before it is saved: partial unless it waits for every row.
  const extensions = formats.map((f) => `.${f.extension}`);
  const fileName = exportFileName(naming, {
    date: new Date(),
    partial: !list.complete && !(loading && waitForAll),
    extension: 'csv',
  }).slice(0, -'.csv'.length);

  return (
    <>
      <div
        ref={panelRef}
        id={id}
        role="group"
        aria-label={`Export ${nouns}`}
        className="export-menu__panel"
        hidden={!open}
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
            Include all metadata fields (CSV and spreadsheets)
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
                  exportAs(format);
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
        {source.collection !== undefined && (
          <BulkSheetChoice
            id={id}
            collection={source.collection}
            choice={bulk}
            disabled={busy}
            onExport={() => {
              exportAs('bulk');
            }}
          />
        )}
      </div>
      <div className="export-menu__status">
        <p role="status">
          {state.phase === 'waiting' &&
            `The ${formatLabel(state.format)} export starts when ${loading ? `every ${noun} has loaded` : 'the filters have been applied'}.`}
          {state.phase === 'running' &&
            state.slow &&
            `Exporting ${plural(state.total, noun, nouns)} as ${formatLabel(state.format)}…`}
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
