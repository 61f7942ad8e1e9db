import type { QueryClient } from '@tanstack/react-query';
import { prefetch } from './prefetch';
import type { LoaderFunctionArgs } from 'react-router';
import { collectionQueries, seedQueries } from '../../api/queries';
import { seedsParams } from '../../features/seeds/seeds-view';
import { decodeAll } from '../../lib/url-state';

export { SeedsPage as Component } from '../../features/seeds/seeds-page';

export function loader(queryClient: QueryClient) {
  return ({ request }: LoaderFunctionArgs) => {
    const { values } = decodeAll(seedsParams, new URL(request.url).searchParams);
    prefetch(
      queryClient,
      seedQueries.list({
        collection: values.collection,
        metadataName: values.metadata__name || undefined,
        metadataPrefix: values.metadata__value__startswith || undefined,
      }),
    );
    prefetch(queryClient, collectionQueries.list());
    return null;
  };
}
