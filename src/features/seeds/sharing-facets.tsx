/**
 * The facets of what the account says of the seeds (sharing-filters.ts): "Also in other
 * collections" (yes / no) and "Duplicate in this collection" (yes). They need every seed of the
 * account: until all have arrived the section says so, with the button that loads them, rather
 * than counts that would be wrong; once they have, it says it is comparing their sites, then
 * counting, until the facets are counted with them (counts from before would put every seed under
 * "not given").
 */
import { everySeedStage, type EverySeed } from '../../components/every-seed';
import { formatCount } from '../../lib/format';
import { SHARE_NO, SHARE_UNKNOWN, SHARE_YES } from '../../lib/shared-seeds';
import type { ExtraCounts } from './facets';
import { Value } from '../../components/facet-values';
import { DUPLICATE_DIM, SHARED_DIM, type SharingModel } from './sharing-filters';

export type SharingChoice = { kind: 'shared'; value: boolean } | { kind: 'duplicate' };

export function SharingFacets({
  counts,
  model,
  known,
  counted,
  every,
  onChoice,
  ownCollection,
}: {
  counts: readonly ExtraCounts[];
  model: SharingModel;
  /** Whether every seed of the account has arrived and been indexed. */
  known: boolean;
  /** Whether `counts` were counted with every seed of the account. */
  counted: boolean;
  every: EverySeed;
  onChoice: (choice: SharingChoice) => void;
  /** On a collection's own list: "this collection" rather than "its collection". */
  ownCollection: boolean;
}) {
  if (!known) {
    const stage = everySeedStage(every);
    const loading = stage === 'arriving';
    // Every seed has arrived, and their sites are being compared: nothing to ask for.
    const indexing = stage === 'arrived';
    return (
      <section
        className="facet"
        aria-label="Also in other collections"
        aria-busy={loading || indexing ? 'true' : undefined}
      >
        <h3 className="facet__title">Also in other collections</h3>
        <p className="facet__unknown">
          {loading
            ? `Loading every seed of the account to compare sites: ${formatCount(every.view.loaded)} so far…`
            : indexing
              ? 'Comparing the sites of every seed of the account…'
              : 'Comparing sites needs every seed of the account.'}
        </p>
        {!loading && !indexing && !every.deciding && (
          <button type="button" className="button button-quiet" onClick={every.load}>
            {every.catalogue === null
              ? 'Load every seed'
              : `Load the ${formatCount(every.catalogue)} seeds`}
          </button>
        )}
      </section>
    );
  }
  const shared = counts[SHARED_DIM];
  const duplicate = counts[DUPLICATE_DIM];
  if (!counted || !shared || !duplicate) {
    return (
      <section className="facet" aria-label="Also in other collections" aria-busy="true">
        <h3 className="facet__title">Also in other collections</h3>
        <p className="facet__unknown">Counting the seeds shared with other collections…</p>
      </section>
    );
  }
  const unknown = shared.counts[SHARE_UNKNOWN] ?? 0;
  const duplicateTitle = `Duplicate in ${ownCollection ? 'this' : 'its'} collection`;
  return (
    <>
      <section className="facet" aria-label="Also in other collections">
        <h3 className="facet__title">Also in other collections</h3>
        <ul className="facet__values">
          {[true, false].map((yes) => (
            <Value
              key={String(yes)}
              label={yes ? 'Yes' : 'No'}
              count={shared.counts[yes ? SHARE_YES : SHARE_NO] ?? 0}
              selected={model.shared.includes(yes)}
              onToggle={() => {
                onChoice({ kind: 'shared', value: yes });
              }}
            />
          ))}
        </ul>
        {unknown > 0 && (
          <p className="facet__unknown">
            {formatCount(unknown)} whose collection the catalogue service did not give
          </p>
        )}
      </section>
      <section className="facet" aria-label={duplicateTitle}>
        <h3 className="facet__title">{duplicateTitle}</h3>
        <ul className="facet__values">
          <Value
            label="Yes"
            count={duplicate.counts[SHARE_YES] ?? 0}
            selected={model.duplicate}
            onToggle={() => {
              onChoice({ kind: 'duplicate' });
            }}
          />
        </ul>
      </section>
    </>
  );
}
