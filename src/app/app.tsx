import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from './query-client';
import { AppRoutes, prefetchFor } from './routes';

// Created once, outside React: the cache lives as long as the page.
export const queryClient = createQueryClient();

/** Starts loading the first page's data, alongside its code (see main.tsx). */
export function prefetchFirstPage(): void {
  prefetchFor(queryClient, window.location.pathname, new URLSearchParams(window.location.search));
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
