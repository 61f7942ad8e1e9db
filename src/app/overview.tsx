import { useQuery } from '@tanstack/react-query';
import { TOTAL_ROW_COUNT_HEADER } from '../model/wire';

async function fetchCollectionCount(signal: AbortSignal): Promise<number> {
  const response = await fetch('/api/collection?limit=0', { signal });
  if (!response.ok) throw new Error(`The catalogue service answered ${response.status}.`);
  const count = Number(response.headers.get(TOTAL_ROW_COUNT_HEADER));
  if (!Number.isInteger(count))
    throw new Error('The catalogue service did not say how many collections it has.');
  return count;
}

export function Overview() {
  const collections = useQuery({
    queryKey: ['collection', 'count'],
    queryFn: ({ signal }) => fetchCollectionCount(signal),
  });
  return (
    <section aria-labelledby="overview-title">
      <h1 id="overview-title">Catalogue</h1>
      {collections.isPending ? (
        <p aria-busy="true">Counting collections…</p>
      ) : collections.isError ? (
        <p role="alert">Could not count the collections: {collections.error.message}</p>
      ) : (
        <p>
          <strong>{collections.data.toLocaleString()}</strong>{' '}
          {collections.data === 1 ? 'collection' : 'collections'} in the catalogue.
        </p>
      )}
    </section>
  );
}
