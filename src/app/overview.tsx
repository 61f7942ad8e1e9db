import { listView, useCollections } from '../api/hooks';

export function Overview() {
  const collections = listView(useCollections());
  return (
    <section aria-labelledby="overview-title">
      <h1 id="overview-title">Catalogue</h1>
      {collections.loadingFirst ? (
        <p aria-busy="true">Counting collections…</p>
      ) : collections.error && collections.rows.length === 0 ? (
        <p role="alert">Could not count the collections: {collections.error.message}</p>
      ) : (
        <p>
          <strong>{collections.total.toLocaleString()}</strong>{' '}
          {collections.total === 1 ? 'collection' : 'collections'} in the catalogue.
        </p>
      )}
    </section>
  );
}
