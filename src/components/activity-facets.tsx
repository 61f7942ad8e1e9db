/**
 * The "Added by" and "Last updated by" facets of a facet panel (seed lists, /collections): each
 * person with the records they added or last updated, most active first, "Show all" and a search
 * as the other facets have; the records whose person the service did not give, as "Unknown"; and
 * those without such a change. Choosing a person filters by `created_by` or `updated_by`.
 */
import type { ActivityCounts } from '../lib/activity-counts';
import type { UserCounts } from '../lib/activity-filters';
import { formatCount } from '../lib/format';
import { Value, ValueList } from './facet-values';

export type ActivityChoice = 'created_by' | 'updated_by';

export function ActivityFacets({
  counts,
  nouns,
  onToggle,
}: {
  counts: Pick<ActivityCounts<unknown>, 'addedBy' | 'updatedBy'>;
  /** What the counts count, one and many. */
  nouns: readonly [string, string];
  onToggle: (param: ActivityChoice, user: string) => void;
}) {
  const anonymous =
    counts.addedBy.values.length === 0 &&
    counts.updatedBy.values.length === 0 &&
    counts.addedBy.unknown + counts.updatedBy.unknown > 0;
  return (
    <>
      {anonymous && (
        <p className="facet__unknown" role="note">
          The catalogue service gave no user names for these {nouns[1]} (it gives none without an
          account), so who added or updated them is unknown.
        </p>
      )}
      <UserFacet
        title="Added by"
        facet={counts.addedBy}
        nouns={nouns}
        none={`with no creation date`}
        onToggle={(user) => {
          onToggle('created_by', user);
        }}
      />
      <UserFacet
        title="Last updated by"
        facet={counts.updatedBy}
        nouns={nouns}
        none="not updated since added"
        onToggle={(user) => {
          onToggle('updated_by', user);
        }}
      />
    </>
  );
}

function UserFacet({
  title,
  facet,
  nouns,
  none,
  onToggle,
}: {
  title: string;
  facet: UserCounts;
  nouns: readonly [string, string];
  none: string;
  onToggle: (user: string) => void;
}) {
  if (facet.total === 0 && facet.values.length === 0) return null;
  const values = facet.values.map((v) => ({ ...v, text: v.value }));
  return (
    <section className="facet" aria-label={title}>
      <h3 className="facet__title">{title}</h3>
      <ValueList
        values={values}
        searchable
        what={title}
        render={(v) => (
          <Value
            key={v.value}
            label={v.value}
            count={v.count}
            selected={v.selected}
            nouns={nouns}
            onToggle={() => {
              onToggle(v.value);
            }}
          />
        )}
      />
      {facet.unknown > 0 && (
        <ul className="facet__values">
          <li
            className="facet__item"
            title="The catalogue service did not give a user name: no filter can choose these."
          >
            <span className="facet__value">
              <span className="facet__label muted">Unknown</span>
              <span className="facet__count">{formatCount(facet.unknown)}</span>
            </span>
          </li>
        </ul>
      )}
      {facet.none > 0 && (
        <p className="facet__unknown">
          {formatCount(facet.none)} {facet.none === 1 ? nouns[0] : nouns[1]} {none}
        </p>
      )}
    </section>
  );
}
