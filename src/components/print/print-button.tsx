/**
 * The Print button of list pages and overviews. The printout's code loads when the button is
 * pressed, so none of it weighs on the first screen.
 */
import type { PrintDocument } from './print-view';

const load = () => import('./print-view');

export function PrintButton({
  prepare,
}: {
  prepare: () => PrintDocument | Promise<PrintDocument>;
}) {
  return (
    <button
      type="button"
      className="data-table__button"
      onClick={() => {
        void Promise.all([load(), prepare()]).then(([view, doc]) => {
          view.printPage(doc);
        });
      }}
    >
      <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16">
        <path d="M4 1h8v4h2v7h-2v3H4v-3H2V5h2zm1 1v3h6V2zm0 8v4h6v-4z" fill="currentColor" />
      </svg>
      Print
    </button>
  );
}
