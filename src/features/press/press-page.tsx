/**
 * Press mentions as a gallery of cards in the order the programme chose (list_order): title, the
 * attribution line, the description with its line breaks, the image or a placeholder, and a link
 * to the article.
 */
import { useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { listView, usePressItems } from '../../api/hooks';
import type { PressItem } from '../../api/records';
import { fieldInstantMs } from '../../api/row-block';
import { ClampedText } from '../../components/clamped-text';
import {
  ExportMenu,
  exportListState,
  type ExportColumn,
} from '../../components/export/export-menu';
import { ListEmpty, ListStatus, countLine } from '../../components/list-status';
import { ExternalLink, showField } from '../../components/values';
import { readableUrl } from '../../lib/format';
import { pressImageUrl } from '../../lib/links';
import { safeUrl } from '../../lib/safe-url';
import { Page } from '../../components/page';

/** What an export of the gallery holds: each card's parts, as the service sent them. */
const pressColumns: readonly ExportColumn<PressItem>[] = [
  { header: 'Title', field: 'title', kind: 'text', value: (p) => p.title },
  { header: 'Attribution', field: 'pressFooter', kind: 'text', value: (p) => p.pressFooter },
  { header: 'Description', field: 'description', kind: 'text', value: (p) => p.description },
  { header: 'Article link', field: 'featuredLink', kind: 'text', value: (p) => p.featuredLink },
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

export function PressPage() {
  const list = listView(usePressItems());
  const { pathname, search } = useLocation();
  // The programme's order; items whose position is unknown follow the rest.
  const items = useMemo(
    () =>
      [...list.rows].sort(
        (a, b) =>
          (a.listOrder ?? Number.POSITIVE_INFINITY) - (b.listOrder ?? Number.POSITIVE_INFINITY) ||
          a.id - b.id,
      ),
    [list.rows],
  );
  return (
    <Page title="Press">
      <p className="count-line" aria-live="polite">
        {countLine(list, 'press mention')}
      </p>
      <ListStatus view={list} noun="press mention" resource="press_item" />
      {items.length > 0 && (
        <div className="press-toolbar">
          <ExportMenu
            source={{ resource: 'press_item', rows: items, columns: pressColumns, sort: null }}
            list={exportListState(list, false)}
            noun="press mention"
            nouns="press mentions"
            naming={{ what: 'press mentions', pathname, search }}
          />
        </div>
      )}
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
          filtered={false}
          noMatches={null}
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
