/**
 * Seeds in a sortable, virtualised table: filtered through the service (collection, metadata field
 * and value prefix), then over the loaded rows by the seed filters (metadata values, missing
 * fields, seed group, seed fields, creation month) and the quick filter, with a facet panel that
 * counts what the filters leave. Selecting a seed opens its details. Used on its own at /seeds and
 * inside a collection's page.
 *
 * It is over 300 lines because it wires one view's address state, service filters, facets, table
 * and details together; what it wires lives beside it (use-seed-facets.ts, use-group-labels.ts,
 * facet-panel.tsx, seed-columns.tsx, filter-chips.tsx).
 */
import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { listView, useCollectionNames, useCollections, useSeeds } from '../../api/hooks';
import type { Seed } from '../../api/records';
import { collectionLabel, isMetadataColumnId, useMetadataColumns } from '../../components/columns';
import { compareText } from '../../components/data-table/text-ranks';
import { EmptyState } from '../../components/empty-state';
import { SearchInput, SelectInput } from '../../components/filters';
import { SinceChoice } from '../../components/since-choice';
import { ListPage, useListPage, useQuickFiltered } from '../../components/list-page';
import { countLine, provisionalCount } from '../../components/count-words';
import { RequiredFieldsAudit } from '../../components/metadata-audit';
import { formatCount, plural } from '../../lib/format';
import { missingSearch } from '../../lib/metadata-audit';
import { paths } from '../../lib/paths';
import { useNarrowWindow, useRememberedFlag } from '../../lib/remembered';
import { sameItems, useSame } from '../../lib/use-same';
import { quoted } from '../../addresses/url-params';
import { FacetPanel, type SeedChoice } from './facet-panel';
import { useFieldNames } from './field-names';
import { FilterChips, inWords, type Chip } from '../../components/filter-chips';
import { NO_CHIPS, filterChips, type SeedChipPatch } from './filter-chips';
import { seedFilters } from '../../addresses/first-lists';
import {
  hasSeedFilters,
  toggleChoice,
  toggleWhere,
  type SeedRowFilterValues,
} from './seed-filters';
import { seedColumns, seedSearchText } from './seed-columns';
import { SeedDetail } from './seed-detail';
import { useGroupLabels } from './use-group-labels';
import { useSeedFacets } from './use-seed-facets';
import { NO_SINCE, type SinceValues } from './since-filter';
import {
  MOST_FIELD_COLUMNS,
  MOST_SUGGESTED_FIELDS,
  seedsParams,
  type SeedsValues,
} from './seeds-params';
import { useSinceSaved } from './use-since-saved';
import { SharingFacets, type SharingChoice } from './sharing-facets';
import { hasSharing } from './sharing-filters';
import { otherCollectionsColumn } from './seed-sharing';
import { useSeedListSharing } from './use-sharing';

const rowId = (s: Seed) => String(s.id);
const seedUrl = (s: Seed) => s.url;

export function SeedsView({ fixedCollection }: { fixedCollection?: number }) {
  const location = useLocation();
  const collectionName = useCollectionNames();
  // A collection's own page has no collection column (every seed is in it): no sorting by it.
  // The metadata fields' columns follow the rows; their sort ids are recognised before they come.
  // A group's seeds: across the catalogue on /seeds, or on this collection's Seeds tab.
  const seedsOfGroup = useCallback(
    (group: number) => paths.seedList(fixedCollection, { seed_group: group }),
    [fixedCollection],
  );
  const [sharingRows, setSharingRows] = useState<readonly Seed[]>([]);
  const sharing = useSeedListSharing(sharingRows);
  // Made once: the sharing figures arriving must not remake (and so re-rank) the seeds' columns.
  const ownColumns = useMemo(() => {
    const all = seedColumns(collectionName, seedsOfGroup);
    return fixedCollection === undefined ? all : all.filter((c) => c.id !== 'collection');
  }, [collectionName, fixedCollection, seedsOfGroup]);
  const baseColumns = useMemo(
    () => [...ownColumns, otherCollectionsColumn(sharing.countById)],
    [ownColumns, sharing.countById],
  );
  const page = useListPage(seedsParams, baseColumns, isMetadataColumnId);
  const values = page.values as SeedsValues;
  const { metadata__name: name, metadata__value__startswith: prefix, seed: selected } = values;
  const collection = fixedCollection ?? values.collection;
  const filters = seedFilters(values, fixedCollection);
  // With since=saved, only the seeds changed since the saved copy, before every other filter.
  const loaded = listView(useSeeds(filters));
  const since = useSinceSaved(loaded, values, filters, collectionName);
  const list = since.list;
  // The account's sharing is read from every row the list loaded, whatever since= keeps.
  if (sharingRows !== loaded.rows) setSharingRows(loaded.rows);
  // A long list's field names come once its rows are on screen; the same names keep their columns.
  const named = useFieldNames(list.rows);
  const fields = useSame(named.used, sameItems);
  const columns = useMetadataColumns(baseColumns, fields, MOST_FIELD_COLUMNS);
  const collections = listView(useCollections());
  const { groups, groupName } = useGroupLabels(fixedCollection, collectionName);
  const q = page.quick.query;
  const quickRows = useQuickFiltered(list.rows, q, seedSearchText);
  const { model, filtering, facets, rows, audited } = useSeedFacets(
    list,
    values,
    { query: q, rows: quickRows },
    groups,
    sharing.sites,
  );
  const [panelOpen, setPanelOpen] = useRememberedFlag('facet-panel-open', true);
  // In a narrow window the facets fold into a "Refine" button and open over the list.
  const narrow = useNarrowWindow();
  const [refining, setRefining] = useState(false);
  const refineButton = useRef<HTMLButtonElement>(null);
  const showFacets = narrow ? refining : panelOpen;

  const pickerFields = named.offered;
  const fieldListId = useId();
  const collectionOptions = useMemo(
    () => [
      { value: '', label: 'All collections' },
      ...collections.rows
        .map((c) => ({ value: String(c.id), label: collectionLabel(c.id, c.name) }))
        .sort((a, b) => compareText(a.label, b.label)),
    ],
    [collections.rows],
  );

  const setRowFilters = useCallback(
    (patch: Partial<SeedRowFilterValues>) => {
      page.url.set({ ...patch, seed: undefined });
    },
    [page.url],
  );
  const onChoice = (choice: SeedChoice | SharingChoice) => {
    switch (choice.kind) {
      case 'shared':
        setRowFilters({ shared: toggleChoice(values.shared, choice.value) });
        break;
      case 'duplicate':
        setRowFilters({ duplicate: values.duplicate.length > 0 ? [] : [true] });
        break;
      case 'group':
        setRowFilters({ seed_group: toggleChoice(values.seed_group, choice.value) });
        break;
      case 'active':
        setRowFilters({ active: toggleChoice(values.active, choice.value) });
        break;
      case 'public':
        setRowFilters({ public: toggleChoice(values.public, choice.value) });
        break;
      case 'type':
        setRowFilters({ seed_type: toggleChoice(values.seed_type, choice.value) });
        break;
      case 'status':
        setRowFilters({ status: toggleChoice(values.status, choice.value) });
        break;
      case 'created_by':
      case 'updated_by':
        setRowFilters({ [choice.kind]: toggleChoice(values[choice.kind], choice.value) });
        break;
    }
  };

  const serviceFiltered =
    name !== '' || prefix !== '' || (fixedCollection === undefined && collection !== undefined);
  const selectedSeed =
    selected === undefined ? undefined : list.rows.find((s) => s.id === selected);
  // Whether the user has opened a seed here (rather than the address having one when it loaded).
  const [opened, setOpened] = useState(false);
  const close = () => {
    page.url.set({ seed: undefined });
  };
  const chips: Chip<SeedChipPatch & Partial<SinceValues>>[] = [
    ...since.chips,
    ...filterChips(
      { ...values, q },
      { group: groupName, collection: (id) => collectionLabel(id, collectionName(id)) },
    ),
  ];
  const unchip = (patch: SeedChipPatch & Partial<SinceValues>) => {
    page.url.set({ ...patch, seed: undefined });
  };

  const narrowed = filtering || q !== '' || since.active;
  let count = countLine(list, 'seed', { shown: narrowed ? rows.length : undefined });
  if (provisionalCount(list, 'seed') === null) {
    const [onlyGroup] = values.seed_group;
    if (values.seed_group.length === 1 && typeof onlyGroup === 'number') {
      count = `Seeds in group ${quoted(groupName(onlyGroup) ?? `Group ${String(onlyGroup)}`)} · ${formatCount(rows.length)} of ${formatCount(list.total)}`;
    } else if (values.seed_group.length === 1 && onlyGroup === 'none') {
      count = `Seeds in no group · ${formatCount(rows.length)} of ${formatCount(list.total)}`;
    }
    if (serviceFiltered) count += ' matching these filters';
  }

  return (
    <div className="seeds-view">
      <ListPage
        state={page}
        list={{
          view: list,
          resource: 'seed',
          noun: 'seed',
          count,
          countNote: since.note,
          inForce: inWords(chips),
          busy:
            (filtering && facets.result === null && list.rows.length > 0) ||
            (hasSharing(model.sharing) && sharing.sites === null),
          settling: filtering && facets.pending,
        }}
        filters={{
          label: 'Filter seeds',
          controls: (
            <>
              {fixedCollection === undefined && (
                <SelectInput
                  label="Collection"
                  value={collection === undefined ? '' : String(collection)}
                  options={collectionOptions}
                  onChange={(value) => {
                    page.url.set({
                      collection: value === '' ? undefined : Number(value),
                      seed: undefined,
                    });
                  }}
                />
              )}
              <SearchInput
                label="Metadata field"
                value={name}
                list={fieldListId}
                placeholder="Any field"
                hint="A name from the list, or any other"
                onCommit={(value) => {
                  page.url.set(
                    { metadata__name: value.trim() },
                    {
                      replace: true,
                    },
                  );
                }}
              />
              <datalist id={fieldListId}>
                {/* Suggestions, not a limit: any other name can be typed. */}
                {pickerFields.slice(0, MOST_SUGGESTED_FIELDS).map((field) => (
                  <option key={field} value={field} />
                ))}
              </datalist>
              <SearchInput
                label="Value starts with"
                value={prefix}
                placeholder="e.g. Elections"
                hint="Case-sensitive, as the service matches it"
                onCommit={(value) => {
                  page.url.set(
                    { metadata__value__startswith: value },
                    {
                      replace: true,
                    },
                  );
                }}
              />
              <SinceChoice
                label="Added"
                value={values.created_since}
                onChange={(day) => {
                  setRowFilters({ created_since: day });
                }}
              />
              <SinceChoice
                label="Updated"
                value={values.updated_since}
                onChange={(day) => {
                  setRowFilters({ updated_since: day });
                }}
              />
            </>
          ),
          quick: { placeholder: 'URL or title', hint: 'Over the loaded rows' },
          actions: (
            <div className="field field-action">
              {narrow ? (
                <button
                  ref={refineButton}
                  type="button"
                  className="button button-quiet"
                  aria-expanded={refining}
                  onClick={() => {
                    setRefining(!refining);
                  }}
                >
                  Refine
                  {chips.length > 0 && (
                    <span className="muted"> · {plural(chips.length, 'filter')}</span>
                  )}
                </button>
              ) : (
                <button
                  type="button"
                  className="button button-quiet"
                  aria-expanded={panelOpen}
                  onClick={() => {
                    setPanelOpen(!panelOpen);
                  }}
                >
                  {panelOpen ? 'Hide the facets' : 'Show the facets'}
                </button>
              )}
            </div>
          ),
        }}
        table={{
          tableId: fixedCollection === undefined ? 'seeds' : 'collection-seeds',
          label: 'Seeds',
          rows,
          columns,
          getRowId: rowId,
          onOpenRow: (s) => {
            setOpened(true);
            setRefining(false);
            page.url.set({ seed: s.id });
          },
          selectedRowId: selected === undefined ? null : String(selected),
        }}
        empty={{
          filtered: serviceFiltered || filtering || since.active,
          noMatches: (
            <EmptyState kind="no-matches" title="No seeds match these filters.">
              {chips.length > 0
                ? `${plural(chips.length, 'filter')} in force above; remove one to see more.`
                : 'Field names and prefixes are matched exactly, including capitals.'}
            </EmptyState>
          ),
          nothingYet:
            fixedCollection === undefined
              ? 'This catalogue has no seeds yet.'
              : 'This collection has no seeds yet.',
        }}
        panels={{
          notices: (
            <>
              <FilterChips
                nouns="seeds"
                chips={chips}
                onRemove={unchip}
                onClear={() => {
                  unchip({ ...NO_CHIPS, ...NO_SINCE });
                }}
              />
              {since.problem !== null && (
                <p className="notice notice-warning" role="status">
                  {since.problem}
                </p>
              )}
              {facets.result && facets.result.messages.length > 0 && (
                <div className="notice notice-warning" role="status">
                  {facets.result.messages.map((message) => (
                    <p key={message}>
                      <bdi>{message}</bdi>
                    </p>
                  ))}
                </div>
              )}
              {list.rows.length > 0 && (!filtering || facets.result) && (
                <RequiredFieldsAudit
                  scope="seed"
                  records={audited}
                  counted={
                    !(serviceFiltered || q !== '' || hasSeedFilters({ ...model, missing: [] }))
                      ? 'all'
                      : model.missing.length > 0
                        ? 'others'
                        : 'shown'
                  }
                  noun="seed"
                  present={fields}
                  linkTo={(missing) => {
                    // This view, with `missing` naming these fields instead.
                    const base = new URLSearchParams(location.search);
                    base.delete('seed');
                    return `${location.pathname}${missingSearch(missing, base)}`;
                  }}
                />
              )}
            </>
          ),
          beside: showFacets && facets.result && list.rows.length > 0 && (
            <FacetPanel
              result={facets.result}
              pending={facets.pending}
              missing={values.missing.filter((m): m is string => typeof m === 'string')}
              onWhere={(field, value) => {
                setRowFilters({ where: toggleWhere(values.where, field, value) });
              }}
              onMissing={(field) => {
                setRowFilters({ missing: toggleChoice(values.missing, field) });
              }}
              onChoice={onChoice}
              more={
                <SharingFacets
                  counts={facets.result.extra}
                  model={model.sharing}
                  known={sharing.sites !== null}
                  counted={facets.countedSites === sharing.sites}
                  every={sharing.every}
                  onChoice={onChoice}
                  ownCollection={fixedCollection !== undefined}
                />
              }
              onClose={
                narrow
                  ? () => {
                      setRefining(false);
                      refineButton.current?.focus();
                    }
                  : undefined
              }
            />
          ),
          aside: selectedSeed && (
            <SeedDetail
              seed={selectedSeed}
              collectionName={collectionName}
              seedsOfGroup={seedsOfGroup}
              onClose={close}
              takeFocus={opened}
              sites={sharing.sites}
            />
          ),
          after: selected !== undefined && !selectedSeed && list.data?.complete && (
            <div className="notice notice-info" role="status">
              <p>
                Seed {selected} is not in this list.{' '}
                <button type="button" className="link-button" onClick={close}>
                  Clear the selection
                </button>
              </p>
            </div>
          ),
        }}
        export={{
          urlOf: seedUrl,
          collection: collection ?? null,
        }}
      />
    </div>
  );
}
