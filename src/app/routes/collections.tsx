import type { QueryClient } from '@tanstack/react-query';
import { prefetch } from './prefetch';
import type { LoaderFunctionArgs } from 'react-router';
import { collectionQueries } from '../../api/queries';
import { collectionsParams } from '../../features/collections/collections-page';
import { decodeAll } from '../../lib/url-state';

export { CollectionsPage as Component } from '../../features/collections/collections-page';

export function loader(queryClient: QueryClient) {
  return ({ request }: LoaderFunctionArgs) => {
    const { values } = decodeAll(collectionsParams, new URL(request.url).searchParams);
    prefetch(queryClient, collectionQueries.list({ state: values.state }));
    prefetch(queryClient, collectionQueries.list());
    return null;
  };
}
