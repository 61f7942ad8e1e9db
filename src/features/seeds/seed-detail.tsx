/**
 * Everything about one seed: every field the service sends (never the login fields, which are
 * dropped when the response is parsed), its full metadata, and links to the live site and its
 * archived captures.
 */
import { Fragment, useEffect, useRef } from 'react';
import type { Seed } from '../../api/model';
import { CollectionLink } from '../../components/columns';
import { MetadataList, firstValue } from '../../components/metadata-list';
import { DateTime, ExternalLink, YesNo } from '../../components/values';
import { readableUrl } from '../../lib/format';
import { capturesUrl } from '../../lib/links';
import type { CollectionNames } from './seed-columns';

export function SeedDetail({
  seed,
  collectionName,
  onClose,
}: {
  seed: Seed;
  collectionName: CollectionNames;
  onClose: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, [seed.id]);
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
  const captures = capturesUrl(seed.collectionId, seed.url);
  return (
    <aside className="detail-panel" aria-labelledby="seed-detail-title" ref={panel}>
      <div className="detail-panel-header">
        <h2 id="seed-detail-title" ref={heading} tabIndex={-1}>
          {title ?? readableUrl(seed.url)}
        </h2>
        <button type="button" className="button button-quiet" onClick={onClose}>
          Close<span className="visually-hidden"> seed details</span>
        </button>
      </div>
      <p className="detail-links">
        {captures ? (
          <ExternalLink href={captures}>Archived captures</ExternalLink>
        ) : (
          <span className="muted">No captures link: the URL is not an http(s) address.</span>
        )}
        <ExternalLink href={seed.url}>Live site</ExternalLink>
      </p>
      <dl className="field-list">
        <Field name="URL">
          <bdi className="break-anywhere">{readableUrl(seed.url)}</bdi>
        </Field>
        <Field name="Canonical URL">
          <bdi className="break-anywhere">{readableUrl(seed.canonicalUrl)}</bdi>
          {seed.canonicalUrl === seed.url && <span className="muted"> (same as the URL)</span>}
        </Field>
        <Field name="Collection">
          <CollectionLink id={seed.collectionId} name={collectionName(seed.collectionId)} />
        </Field>
        <Field name="Seed ID">{seed.id}</Field>
        <Field name="Type">{seed.seedType}</Field>
        <Field name="Active">
          <YesNo value={seed.active} />
        </Field>
        <Field name="Deleted">
          <YesNo value={seed.deleted} />
        </Field>
        <Field name="Publicly visible">
          <YesNo value={seed.publiclyVisible} />
        </Field>
        <Field name="Valid">
          <YesNo value={seed.valid} />
        </Field>
        <Field name="HTTP response">
          {seed.httpResponseCode ?? <span className="muted">—</span>}
        </Field>
        <Field name="Last checked response">
          {seed.lastCheckedHttpResponseCode ?? <span className="muted">—</span>}
        </Field>
        <Field name="Crawl definition">{seed.crawlDefinitionId}</Field>
        <Field name="Seed groups">
          {seed.seedGroups.length === 0 ? (
            <span className="muted">None</span>
          ) : (
            seed.seedGroups.map((g, i) => (
              <Fragment key={g.id}>
                {i > 0 && ', '}
                <bdi>{g.name ?? `Group ${String(g.id)}`}</bdi>
              </Fragment>
            ))
          )}
        </Field>
        <Field name="Created">
          <DateTime value={seed.created} /> by <bdi>{seed.createdBy}</bdi>
        </Field>
        <Field name="Updated">
          <DateTime value={seed.lastUpdated} /> by <bdi>{seed.lastUpdatedBy}</bdi>
        </Field>
      </dl>
      <h3>Metadata</h3>
      <MetadataList metadata={seed.metadata} emptyText="This seed has no descriptive metadata." />
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
