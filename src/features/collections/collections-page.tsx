import { Suspense, lazy, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { listView, useCollections } from '../../api/hooks';
import { isMetadataColumnId, useMetadataColumns } from '../../components/columns';
import { EmptyState } from '../../components/empty-state';
import {
  FilterChips,
  anyOfChips,
  inWords,
  oneChip,
  quickChip,
  type Chip,
} from '../../components/filter-chips';
import { activityChips, NO_ACTIVITY_CHIPS } from '../../components/activity-chips';
import { SelectInput } from '../../components/filters';
import { SinceChoice } from '../../components/since-choice';
import { ListPage, useListPage, useQuickFiltered } from '../../components/list-page';
import { countLine } from '../../components/count-words';
import { RequiredFieldsAudit } from '../../components/metadata-audit';
import { Page } from '../../components/page';
import {
  CRAWL_AGE_LABELS,
  CRAWL_AGES,
  crawlAge,
  crawledParam,
  type CrawlAge,
} from '../../lib/crawl-age';
import { withinSize, sizeMaxParam } from '../../lib/archived-size';
import { formatBytes, plural } from '../../lib/format';
import {
  filterMissing,
  metadataCoverage,
  missingFieldsParam,
  missingSearch,
} from '../../lib/metadata-audit';
import {
  activityKept,
  activityModel,
  activityParams,
  hasActivityFilters,
} from '../../lib/activity-filters';
import { paths } from '../../lib/paths';
import { useRememberedFlag } from '../../lib/remembered';
import { sameInUrl } from '../../addresses/url-params';
import { useSame } from '../../lib/use-same';
import { today } from '../../lib/today';
import { collectionColumns, collectionSearchText } from './collection-columns';
import { collectionFilterParams } from '../../addresses/first-lists';

const STATE_OPTIONS = [
  { value: '', label: 'Active and inactive' },
  { value: 'ACTIVE', label: 'Active' },
  { value: 'INACTIVE', label: 'Inactive' },
] as const;

const CRAWLED_OPTIONS = [
  { value: '', label: 'Any time or never' },
  ...CRAWL_AGES.map((age) => ({ value: age, label: CRAWL_AGE_LABELS[age] })),
];

/**
 * The service's filter, and over the loaded rows the collections lacking metadata fields, those
 * last crawled in a band of time before today and those of at most a size.
 */
const ACTIVITY_PARAMS = activityParams('No collections match it until it is changed.');

const collectionsParams = {
  ...collectionFilterParams,
  missing: missingFieldsParam(),
  crawled: crawledParam(),
  size_max: sizeMaxParam(),
  ...ACTIVITY_PARAMS,
};

const ActivityPanel = lazy(() => import('./activity-panel'));
/** No rows, the same array on every render. */
const NO_ROWS: readonly never[] = [];

function crawledNote(age: CrawlAge): string {
  switch (age) {
    case 'never':
      return 'never crawled';
    case 'unknown':
      return 'last crawl date not given';
    default:
      return `last crawled ${CRAWL_AGE_LABELS[age].toLowerCase()}`;
  }
}

export function CollectionsPage() {
  const page = useListPage(collectionsParams, collectionColumns, isMetadataColumnId);
  const { state, missing, crawled, size_max: sizeMax } = page.values;
  const list = listView(useCollections({ state }));
  // Every metadata field the collections use can be a column, as on the seed lists.
  const fieldsKey = useMemo(
    () =>
      metadataCoverage(list.rows)
        .fields.map((f) => f.field)
        .join('\n'),
    [list.rows],
  );
  const fields = useMemo(() => (fieldsKey === '' ? [] : fieldsKey.split('\n')), [fieldsKey]);
  const columns = useMetadataColumns(collectionColumns, fields);
  const everything = listView(useCollections());
  const navigate = useNavigate();
  const location = useLocation();
  const inBand = useMemo(() => {
    if (crawled === undefined) return list.rows;
    if (typeof crawled !== 'string') return [];
    const day = today();
    return list.rows.filter((c) => crawlAge(c, day) === crawled);
  }, [list.rows, crawled]);
  const inSize = useMemo(() => {
    if (sizeMax === undefined) return inBand;
    if (typeof sizeMax !== 'number') return [];
    return inBand.filter((c) => withinSize(c, sizeMax));
  }, [inBand, sizeMax]);
  const quickKept = useQuickFiltered(inSize, page.quick.query, collectionSearchText);
  // Who added or last updated them, and when: its facets count with every other filter applied.
  // Read again only when the activity parameters would write another address.
  const activityValues = useSame(page.values, (kept, now) => sameInUrl(ACTIVITY_PARAMS, kept, now));
  const activity = useMemo(() => {
    const problems: string[] = [];
    const model = activityModel(activityValues, problems);
    return {
      model,
      blocked: problems.length > 0,
      on: hasActivityFilters(model) || problems.length > 0,
    };
  }, [activityValues]);
  // Every filter but `missing`: the records the coverage audit counts (see RequiredFieldsAudit).
  const kept = useMemo(
    () => (activity.blocked ? [] : activityKept(quickKept, activity.model)),
    [quickKept, activity],
  );
  const lacking = useMemo(
    () => filterMissing(quickKept, missing, 'collection'),
    [quickKept, missing],
  );
  // What the people facets count (in their panel): every filter but the activity ones.
  const facetRows = activity.blocked ? NO_ROWS : lacking.rows;
  const rows = useMemo(() => activityKept(facetRows, activity.model), [facetRows, activity]);
  const [facetsOpen, setFacetsOpen] = useRememberedFlag('collection-facets-open', false);
  const othersNarrow =
    activity.on ||
    state !== undefined ||
    crawled !== undefined ||
    sizeMax !== undefined ||
    page.quick.query !== '';
  const filtered = othersNarrow || missing.length > 0;
  const chips: Chip<Partial<typeof page.values>>[] = [
    ...(state === undefined
      ? []
      : [oneChip(state === 'ACTIVE' ? 'active' : 'inactive', { state: undefined })]),
    ...(crawled === undefined
      ? []
      : [
          oneChip(
            typeof crawled === 'string' ? crawledNote(crawled) : `crawled=${crawled.unreadable}`,
            {
              crawled: undefined,
            },
          ),
        ]),
    ...(sizeMax === undefined
      ? []
      : [
          oneChip(
            typeof sizeMax === 'number'
              ? `of ${formatBytes(sizeMax)} or less (${plural(sizeMax, 'byte')}) of archived data`
              : `size_max=${sizeMax.unreadable}`,
            { size_max: undefined },
          ),
        ]),
    ...anyOfChips(
      'missing',
      missing,
      (f) => `no ${f}`,
      (kept) => ({ missing: kept }),
    ),
    ...(page.quick.query === ''
      ? []
      : [quickChip(`name containing “${page.quick.query}”`, { q: '' })]),
  ];
  chips.splice(chips.length - (page.quick.query === '' ? 0 : 1), 0, ...activityChips(page.values));
  const everyCollection = {
    state: undefined,
    crawled: undefined,
    size_max: undefined,
    missing: [],
    ...NO_ACTIVITY_CHIPS,
    q: '',
  };

  return (
    <Page title="Collections">
      <ListPage
        state={page}
        list={{
          view: list,
          resource: 'collection',
          noun: 'collection',
          count: countLine(
            list,
            'collection',
            filtered && everything.data
              ? { shown: rows.length, of: everything.total }
              : { shown: filtered ? rows.length : undefined },
          ),
          inForce: inWords(chips),
        }}
        filters={{
          label: 'Filter collections',
          controls: (
            <>
              <SelectInput
                label="State"
                value={state ?? ''}
                options={STATE_OPTIONS}
                onChange={(value) => {
                  page.url.set({ state: value === '' ? undefined : value });
                }}
              />
              <SelectInput
                label="Last crawl"
                value={typeof crawled === 'string' ? crawled : ''}
                options={CRAWLED_OPTIONS}
                onChange={(value) => {
                  const age = CRAWL_AGES.find((a) => a === value);
                  page.url.set({ crawled: age });
                }}
              />
              <SinceChoice
                label="Added"
                value={page.values.created_since}
                onChange={(day) => {
                  page.url.set({ created_since: day });
                }}
              />
              <SinceChoice
                label="Updated"
                value={page.values.updated_since}
                onChange={(day) => {
                  page.url.set({ updated_since: day });
                }}
              />
            </>
          ),
          quick: { label: 'Name contains', placeholder: 'e.g. elections' },
          actions: (
            <div className="field field-action">
              <button
                type="button"
                className="button button-quiet"
                aria-expanded={facetsOpen}
                onClick={() => {
                  setFacetsOpen(!facetsOpen);
                }}
              >
                {facetsOpen ? 'Hide the facets' : 'Show the facets'}
              </button>
            </div>
          ),
        }}
        table={{
          tableId: 'collections',
          label: 'Collections',
          rows,
          columns,
          getRowId: (c) => String(c.id),
          onOpenRow: (c) => {
            void navigate(paths.collection(c.id));
          },
        }}
        empty={{
          filtered,
          noMatches: (
            <EmptyState kind="no-matches" title="No collections match these filters.">
              Try another state, another time since the last crawl or of the last change, or a
              shorter name.
            </EmptyState>
          ),
          nothingYet: 'This catalogue has no collections yet.',
        }}
        panels={{
          notices: (
            <>
              {lacking.messages.map((message) => (
                <p key={message} className="notice notice-warning" role="status">
                  <bdi>{message}</bdi>
                </p>
              ))}
              <FilterChips
                nouns="collections"
                chips={chips}
                onRemove={(without) => {
                  page.url.set(without);
                }}
                onClear={() => {
                  page.url.set(everyCollection);
                }}
              />
              {list.rows.length > 0 && (
                <RequiredFieldsAudit
                  scope="collection"
                  records={kept}
                  counted={!othersNarrow ? 'all' : missing.length > 0 ? 'others' : 'shown'}
                  noun="collection"
                  present={fields}
                  linkTo={(fields) =>
                    `${location.pathname}${missingSearch(fields, new URLSearchParams(location.search))}`
                  }
                />
              )}
            </>
          ),
          beside: facetsOpen && list.rows.length > 0 && (
            <Suspense fallback={<p className="facet-panel muted">Loading the facets…</p>}>
              <ActivityPanel
                rows={facetRows}
                model={activity.model}
                onToggle={(param, user) => {
                  const chosen = page.values[param];
                  page.url.set({
                    [param]: chosen.includes(user)
                      ? chosen.filter((u) => u !== user)
                      : [...chosen, user],
                  });
                }}
              />
            </Suspense>
          ),
        }}
      />
    </Page>
  );
}
