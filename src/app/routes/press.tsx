import type { QueryClient } from '@tanstack/react-query';
import { prefetch } from './prefetch';
import { pressQueries } from '../../api/queries';

export { PressPage as Component } from '../../features/press/press-page';

export function loader(queryClient: QueryClient) {
  return () => {
    prefetch(queryClient, pressQueries.list());
    return null;
  };
}
