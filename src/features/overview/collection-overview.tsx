/**
 * A collection's Overview tab: its seeds at a glance (added per month, by group, by last checked
 * status, and how many lack each required field), every bar leading to the Seeds tab filtered to
 * the seeds it counts.
 */
import { useMemo } from 'react';
import { listView, useSeedGroups, useSeeds } from '../../api/hooks';
import type { Collection } from '../../api/records';
import { useRequiredFields } from '../../components/metadata-audit';
import { ListStatus } from '../../components/list-status';
import { formatCount, plural } from '../../lib/format';
import { auditRequired } from '../../lib/metadata-audit';
import { today } from '../../lib/today';
import { ChartCard } from '../../components/chart/chart-card';
import { seedsIn } from './chart-data';
import {
  coverageChart,
  groupChart,
  seedsByGroup,
  seedsByStatus,
  statusChart,
} from './collection-charts';
import { seedsPerMonth } from './seeds-by-month';
import { Headline, Parts, HeadlineLoading } from '../../components/chart/headline';
import { SharingCard } from './sharing-card';
import './overview.css';

const PROGRESS_HINT = 'The charts count the seeds loaded so far until the rest arrive.';

export function CollectionOverview({ collection }: { collection: Collection }) {
  const seeds = listView(useSeeds({ collection: collection.id }));
  const groups = listView(useSeedGroups());
  const required = useRequiredFields('seed').fields;
  const list = useMemo(() => seedsIn(collection.id), [collection.id]);
  const rows = seeds.rows;
  const day = today();
  const names = useMemo(() => {
    const byId = new Map(groups.rows.map((g) => [g.id, g.name] as const));
    return (id: number) => byId.get(id);
  }, [groups.rows]);
  const audit = useMemo(() => auditRequired(rows, required), [rows, required]);
  const status = useMemo(() => seedsByStatus(rows), [rows]);
  const specs = useMemo(
    () => [
      seedsPerMonth(rows, day, list),
      groupChart(seedsByGroup(rows, names), list),
      statusChart(status, list),
      coverageChart(audit, list),
    ],
    [rows, day, names, status, audit, list],
  );
  const failing = status['4xx'] + status['5xx'];
  const active = rows.filter((s) => s.active === true).length;
  const inactive = rows.filter((s) => s.active === false).length;

  return (
    <div className="collection-overview">
      <ListStatus view={seeds} noun="seed" resource="seed" progressHint={PROGRESS_HINT} />
      {seeds.loadingFirst ? (
        <HeadlineLoading>Loading the collection’s seeds…</HeadlineLoading>
      ) : (
        <>
          <Headline
            label="The collection in figures"
            figures={[
              {
                label: 'Seeds',
                value: formatCount(rows.length),
                href: list({}),
                detail: (
                  <Parts
                    parts={[
                      { text: `${formatCount(active)} active`, href: list({ active: true }) },
                      { text: `${formatCount(inactive)} inactive`, href: list({ active: false }) },
                    ]}
                  />
                ),
              },
              {
                label: 'Failing when last checked',
                value: formatCount(failing),
                href: failing > 0 ? list({ status: ['4xx', '5xx'] }) : undefined,
                attention: failing > 0,
                detail: `answered 4xx or 5xx; ${formatCount(status.unchecked)} not checked yet`,
              },
              {
                label: 'Lacking a required field',
                value: formatCount(audit.lacking),
                href: audit.lacking > 0 ? list({ missing: required }) : undefined,
                attention: audit.lacking > 0,
                detail:
                  required.length === 0
                    ? 'No fields are required of seeds.'
                    : `of ${plural(audit.total, 'seed')}; required: ${required.join(', ')}`,
              },
            ]}
          />
          <div className="overview-grid">
            {specs.map((spec) => (
              <ChartCard key={spec.id} spec={spec} />
            ))}
            <SharingCard collection={collection.id} />
          </div>
        </>
      )}
    </div>
  );
}
