/**
 * Press mentions as a gallery of cards: title, the attribution line, the description with its
 * line breaks, the image or a placeholder, and a link to the article. In the order the programme
 * chose (list_order), newest first or by title (`sort=`), narrowed by a quick filter over the
 * title, description and attribution (`q=`); both live in the address.
 */
import { useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { listView, usePressItems } from '../../api/hooks';
import type { PressItem } from '../../api/records';
import { fieldInstantMs } from '../../api/row-view';
import { ClampedText } from '../../components/clamped-text';
import { EmptyState } from '../../components/empty-state';
import {
  ExportMenu,
  exportListState,
  type ExportColumn,
} from '../../components/export/export-menu';
import { FilterBar, QuickFilterBox, SelectInput, UrlProblems } from '../../components/filters';
import { useQuickFiltered } from '../../components/list-page';
import { countLine } from '../../components/count-words';
import { CountLine, ListEmpty, ListStatus } from '../../components/list-status';
import { Page } from '../../components/page';
import { ExternalLink, showField } from '../../components/values';
import { readableUrl } from '../../lib/format';
import { pressImageUrl } from '../../lib/links';
import { safeUrl } from '../../lib/safe-url';
import { useQuickFilter } from '../../lib/use-debounced';
import { useUrlState } from '../../lib/url-state';
import { orderPress, pressParams, pressSearchText, type PressOrder } from './press-order';

/** What an export of the gallery holds: each card's parts, as the service sent them. */
const pressColumns: readonly ExportColumn<PressItem>[] = [
  { header: 'Title', field: 'title', kind: 'text', value: (p) => p.title },
  { header: 'Attribution', field: 'pressFooter', kind: 'text', value: (p) => p.pressFooter },
  { header: 'Description', field: 'description', kind: 'text', value: (p) => p.description },
  {
    header: 'Article link',
    field: 'featuredLink',
    kind: 'text',
    value: (p) => p.featuredLink,
    // As the card shows it: a direction control cannot disguise the address.
    exportValue: (p) => (p.featuredLink === null ? null : readableUrl(p.featuredLink)),
  },
  { header: 'Image', field: 'image', kind: 'text', value: (p) => p.image },
  { header: 'List order', field: 'listOrder', kind: 'number', value: (p) => p.listOrder },
  {
    header: 'Created',
    field: 'created',
    kind: 'date',
    value: (p) => fieldInstantMs(p, 'created'),
    exportValue: (p) => p.created?.text ?? null,
  },
  {
    header: 'Last updated',
    field: 'lastUpdated',
    kind: 'date',
    value: (p) => fieldInstantMs(p, 'lastUpdated'),
    exportValue: (p) => p.lastUpdated?.text ?? null,
  },
  { header: 'ID', kind: 'number', value: (p) => p.id },
];

const ORDER_OPTIONS: readonly { value: PressOrder | ''; label: string }[] = [
  { value: '', label: 'Programme order' },
  { value: 'newest', label: 'Newest first' },
  { value: 'title', label: 'Title (A–Z)' },
];

export function PressPage() {
  const list = listView(usePressItems());
  const { pathname, search } = useLocation();
  const url = useUrlState(pressParams);
  const { q, sort } = url.values;
  const quick = useQuickFilter(q, (value) => {
    url.set({ q: value }, { replace: true });
  });
  const ordered = useMemo(() => orderPress(list.rows, sort), [list.rows, sort]);
  const items = useQuickFiltered(ordered, quick.query, pressSearchText);
  const filtered = quick.query !== '';
  return (
    <Page title="Press">
      <CountLine view={list}>
        {countLine(list, 'press mention', { shown: filtered ? items.length : undefined })}
      </CountLine>
      <UrlProblems problems={url.problems} />
      <div className="press-toolbar">
        <FilterBar label="Find and order press mentions">
          <QuickFilterBox
            label="Quick filter"
            link={quick.box}
            placeholder="Title, description or attribution"
          />
          <SelectInput
            label="Order"
            value={sort ?? ''}
            options={ORDER_OPTIONS}
            onChange={(value) => {
              url.set({ sort: value === '' ? undefined : value });
            }}
          />
        </FilterBar>
        {items.length > 0 && (
          <ExportMenu
            source={{ resource: 'press_item', rows: items, columns: pressColumns, sort: null }}
            list={exportListState(list, false)}
            noun="press mention"
            nouns="press mentions"
            naming={{ what: 'press mentions', pathname, search }}
          />
        )}
      </div>
      <ListStatus view={list} noun="press mention" resource="press_item" age={false} />
      {list.loadingFirst ? (
        <ul className="press-grid" aria-busy="true" aria-label="Loading press mentions">
          {Array.from({ length: 6 }, (_, i) => (
            <li key={i} className="press-card press-card-skeleton" />
          ))}
        </ul>
      ) : items.length === 0 ? (
        <ListEmpty
          view={list}
          nouns="press mentions"
          filtered={filtered}
          noMatches={
            <EmptyState kind="no-matches" title="No press mentions match the quick filter.">
              Try fewer or shorter words: every word must appear in the title, the description or
              the attribution.
            </EmptyState>
          }
          nothingYet="No press mentions yet."
        />
      ) : (
        <ul className="press-grid">
          {items.map((item) => (
            <PressCard key={item.id} item={item} />
          ))}
        </ul>
      )}
    </Page>
  );
}

export function PressCard({ item }: { item: PressItem }) {
  const link = item.featuredLink === null ? null : safeUrl(item.featuredLink);
  const title = item.title ?? `Press mention ${String(item.id)}`;
  return (
    <li className="press-card">
      <article aria-labelledby={`press-${String(item.id)}`}>
        <PressImage item={item} />
        <div className="press-card-body">
          <h2 id={`press-${String(item.id)}`} className="press-title">
            {title}
          </h2>
          <p className="press-footer">{showField(item, 'pressFooter', (footer) => footer)}</p>
          <p className="press-description">
            {showField(item, 'description', (description) => (
              <ClampedText text={description} maxChars={400} maxLines={8} label={title} />
            ))}
          </p>
          <p className="press-link">
            {link ? (
              <ExternalLink href={link}>
                Read the article<span className="visually-hidden">: {title}</span> at{' '}
                {new URL(link).hostname}
              </ExternalLink>
            ) : item.featuredLink === null ? (
              <span className="muted">
                No article link: {showField(item, 'featuredLink', (url) => url)}
              </span>
            ) : (
              <span className="muted">
                The article link is not a web address:{' '}
                <bdi className="break-anywhere">
                  <ClampedText text={readableUrl(item.featuredLink)} maxChars={200} maxLines={2} />
                </bdi>
              </span>
            )}
          </p>
        </div>
      </article>
    </li>
  );
}

function PressImage({ item }: { item: PressItem }) {
  const [failed, setFailed] = useState(false);
  const src = item.image === null ? null : pressImageUrl(item.image);
  if (src === null || failed) {
    return (
      <div className="press-image press-image-placeholder" aria-hidden="true">
        <span>{initials(item.pressFooter || item.title || '')}</span>
      </div>
    );
  }
  return (
    <img
      className="press-image"
      src={src}
      alt=""
      loading="lazy"
      onError={() => {
        setFailed(true);
      }}
    />
  );
}

/** The publication's initials, for the placeholder. */
function initials(footer: string): string {
  const publication = footer.split(',')[1]?.trim() ?? footer;
  const letters = publication
    .split(/\s+/)
    .filter((word) => /^\p{Lu}/u.test(word) && !['The', 'A', 'An'].includes(word))
    .map((word) => word.charAt(0));
  return letters.slice(0, 3).join('') || '…';
}
