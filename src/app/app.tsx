import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createBrowserRouter, type RouteObject } from 'react-router';
import { Shell } from './shell';
import { Overview } from './overview';
import { createQueryClient } from './query-client';

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Shell />,
    children: [{ index: true, element: <Overview /> }],
  },
];

// Created once, outside React, as the router and the cache live as long as the page.
const queryClient = createQueryClient();
const router = createBrowserRouter(routes);

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
