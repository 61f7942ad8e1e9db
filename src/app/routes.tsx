/**
 * The explorer's pages. Every page is loaded on first visit (its code is a separate chunk), and
 * its loader starts the page's queries with the same options the page reads.
 */
import type { QueryClient } from '@tanstack/react-query';
import { redirect, type RouteObject } from 'react-router';
import { EmptyState } from '../components/empty-state';
import { RouteError } from '../components/route-error';
import { Shell } from './shell';

function NoSuchPage() {
  return (
    <section className="page" aria-labelledby="no-page-title">
      <h1 id="no-page-title">There is no such page</h1>
      <EmptyState kind="not-found" title="The address does not match any page of the explorer." />
    </section>
  );
}

interface RouteModule {
  Component: React.ComponentType;
  loader: (queryClient: QueryClient) => RouteObject['loader'];
}

/** A page whose code and loader arrive on first visit. */
function page(
  path: string,
  load: () => Promise<RouteModule>,
  queryClient: QueryClient,
  children?: RouteObject[],
): RouteObject {
  return {
    path,
    lazy: async () => {
      const m = await load();
      return { Component: m.Component, loader: m.loader(queryClient) };
    },
    ...(children ? { children } : {}),
  };
}

export function createRoutes(queryClient: QueryClient): RouteObject[] {
  const collection = () => import('./routes/collection');
  return [
    {
      path: '/',
      Component: Shell,
      HydrateFallback: Shell,
      children: [
        {
          errorElement: <RouteError />,
          children: [
            { index: true, loader: () => redirect('/collections') },
            page('collections', () => import('./routes/collections'), queryClient),
            page(
              'collections/:id',
              async () => {
                const m = await collection();
                return { Component: m.CollectionRoute, loader: m.loader };
              },
              queryClient,
              [
                { index: true, lazy: async () => ({ Component: (await collection()).SeedsTab }) },
                {
                  path: 'seed-groups',
                  lazy: async () => ({ Component: (await collection()).SeedGroupsTab }),
                },
                {
                  path: 'metadata',
                  lazy: async () => ({ Component: (await collection()).MetadataTab }),
                },
              ],
            ),
            page('seeds', () => import('./routes/seeds'), queryClient),
            page('seed-groups', () => import('./routes/seed-groups'), queryClient),
            page('press', () => import('./routes/press'), queryClient),
            { path: '*', Component: NoSuchPage },
          ],
        },
      ],
    },
  ];
}
