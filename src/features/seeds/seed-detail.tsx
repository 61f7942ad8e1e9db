/**
 * Everything about one seed: every field the service sends (never the login fields, which are
 * dropped when the response is parsed), its full metadata, and links to the live site and its
 * archived captures.
 */
import { useEffect, useRef } from 'react';
import { unknownOf, type Seed } from '../../api/records';
import { CollectionLink } from '../../components/columns';
import { MetadataList, firstValue } from '../../components/metadata-list';
import { DateTime, ExternalLink, YesNo, showField } from '../../components/values';
import { ClampedText } from '../../components/clamped-text';
import { readableUrl, shortText } from '../../lib/format';
import { capturesUrl } from '../../lib/links';
import type { SiteIndex } from '../../lib/shared-seeds';
import { GroupLinks, type CollectionNames } from './seed-columns';
import { SameSite } from './seed-sharing';

export function SeedDetail({
  seed,
  collectionName,
  seedsOfGroup,
  onClose,
  takeFocus,
  sites = null,
}: {
  seed: Seed;
  /** Every seed of the account by site, for the same site elsewhere; null until all arrived. */
  sites?: SiteIndex | null;
  collectionName: CollectionNames;
  /** The address of a group's seeds, which each of the seed's groups links to. */
  seedsOfGroup: (group: number) => string;
  onClose: () => void;
  /**
   * The user opened the seed: the panel takes the focus (and comes into view). A page that opens
   * with a seed selected leaves the focus at the top, where the skip links are.
   */
  takeFocus: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    if (takeFocus) heading.current?.focus();
  }, [seed.id, takeFocus]);
  // Escape inside the panel closes it.
  useEffect(() => {
    const element = panel.current;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) onClose();
    };
    element?.addEventListener('keydown', onKey);
    return () => element?.removeEventListener('keydown', onKey);
  }, [onClose]);
  const title = firstValue(seed.metadata, 'Title');
  const captures =
    seed.collectionId === null || seed.url === null
      ? null
      : capturesUrl(seed.collectionId, seed.url);
  const address = (url: string) => (
    <bdi className="break-anywhere">
      <ClampedText text={readableUrl(url)} maxChars={2_000} maxLines={4} />
    </bdi>
  );
  const flag = (value: boolean) => <YesNo value={value} />;
  const audit = (when: 'created' | 'lastUpdated', who: 'createdBy' | 'lastUpdatedBy') => (
    <>
      {showField(seed, when, (instant) => (
        <DateTime value={instant} />
      ))}
      {seed[who] !== null && (
        <>
          {' '}
          by <bdi>{seed[who]}</bdi>
        </>
      )}
    </>
  );
  return (
    <aside className="detail-panel" aria-labelledby="seed-detail-title" ref={panel}>
      <div className="detail-panel-header">
        <h2 id="seed-detail-title" ref={heading} tabIndex={-1}>
          {shortText(
            title ?? (seed.url === null ? `Seed ${String(seed.id)}` : readableUrl(seed.url)),
            300,
          )}
        </h2>
        <button type="button" className="button button-quiet" onClick={onClose}>
          Close<span className="visually-hidden"> seed details</span>
        </button>
      </div>
      <p className="detail-links">
        {captures ? (
          <ExternalLink href={captures}>Archived captures</ExternalLink>
        ) : (
          <span className="muted">
            {seed.url === null || seed.collectionId === null
              ? 'No captures link: the service did not give this seed’s URL and collection.'
              : 'No captures link: the URL is not an http(s) address.'}
          </span>
        )}
        {seed.url !== null && <ExternalLink href={seed.url}>Live site</ExternalLink>}
      </p>
      <dl className="field-list">
        <Field name="URL">{showField(seed, 'url', address)}</Field>
        <Field name="Canonical URL">
          {showField(seed, 'canonicalUrl', address)}
          {seed.canonicalUrl !== null && seed.canonicalUrl === seed.url && (
            <span className="muted"> (same as the URL)</span>
          )}
        </Field>
        <Field name="Collection">
          {showField(seed, 'collectionId', (id) => (
            <CollectionLink id={id} name={collectionName(id)} />
          ))}
        </Field>
        <Field name="Seed ID">{seed.id}</Field>
        <Field name="Type">{showField(seed, 'seedType', (type) => type)}</Field>
        <Field name="Active">{showField(seed, 'active', flag)}</Field>
        <Field name="Deleted">{showField(seed, 'deleted', flag)}</Field>
        <Field name="Publicly visible">{showField(seed, 'publiclyVisible', flag)}</Field>
        <Field name="Valid">{showField(seed, 'valid', flag)}</Field>
        <Field name="HTTP response">{showField(seed, 'httpResponseCode', String)}</Field>
        <Field name="Last checked response">
          {showField(seed, 'lastCheckedHttpResponseCode', String)}
        </Field>
        <Field name="Crawl definition">{showField(seed, 'crawlDefinitionId', String)}</Field>
        <Field name="Seed groups">
          {showField(seed, 'seedGroups', (groups) =>
            groups.length === 0 ? (
              <span className="muted">None</span>
            ) : (
              <GroupLinks groups={groups} seedsOf={seedsOfGroup} />
            ),
          )}
        </Field>
        <Field name="Created">{audit('created', 'createdBy')}</Field>
        <Field name="Updated">{audit('lastUpdated', 'lastUpdatedBy')}</Field>
      </dl>
      <h3>Same site</h3>
      <SameSite seed={seed} sites={sites} collectionName={collectionName} />
      <h3>Metadata</h3>
      <MetadataList
        metadata={seed.metadata}
        unknown={unknownOf(seed, 'metadata')}
        emptyText="This seed has no descriptive metadata."
      />
    </aside>
  );
}

function Field({ name, children }: { name: string; children: React.ReactNode }) {
  return (
    <div className="field-row">
      <dt>{name}</dt>
      <dd>{children}</dd>
    </div>
  );
}
