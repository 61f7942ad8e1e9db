import type { QueryClient } from '@tanstack/react-query';
import { prefetch } from './prefetch';
import { collectionQueries, seedGroupQueries } from '../../api/queries';

export { SeedGroupsPage as Component } from '../../features/seed-groups/seed-groups-page';

export function loader(queryClient: QueryClient) {
  return () => {
    prefetch(queryClient, seedGroupQueries.list());
    prefetch(queryClient, collectionQueries.list());
    return null;
  };
}
