/**
 * The route table: every page of the explorer once, with its address, its code (a chunk loaded on
 * first visit) and the queries it reads. The router, the preloading of a page's code and the
 * prefetching of its data are all built from it.
 */
import type { QueryClient, QueryExecuteOptions, QueryKey } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, useEffect, type ComponentType } from 'react';
import { Navigate, Route, Routes, matchPath, useLocation } from 'react-router';
import { collectionQueries, pressQueries, seedGroupQueries, seedQueries } from '../api/queries';
import { EmptyState } from '../components/empty-state';
import { collectionFilterParams } from '../features/collections/filters';
import { seedFilterParams, seedFilters } from '../features/seeds/filters';
import { COLLECTION_TABS, PATTERNS, paths } from '../lib/paths';
import { decodeAll } from '../lib/url-state';
import { Shell } from './shell';

/** A page component whose module loads on first use, and a way to load it ahead of time. */
interface LazyPage {
  (): React.JSX.Element;
  preload: () => Promise<unknown>;
}

/**
 * A page component from a module loaded on first use. Once the module is there the page renders
 * at once; before that it suspends. The first page is loaded before React renders at all (see
 * main.tsx), so it never shows a fallback, which React would keep on screen for a while; later
 * pages load inside the router's transitions, with the previous page still shown.
 */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyPage {
  let loaded: ComponentType | undefined;
  const preload = async () => (loaded = pick(await load()));
  const Suspending = lazy(async () => ({ default: await preload() }));
  function Page() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Suspending />;
  }
  return Object.assign(Page, { preload });
}

type Prefetch = (
  client: QueryClient,
  params: Readonly<Record<string, string | undefined>>,
  search: URLSearchParams,
) => void;

function start<T, K extends QueryKey>(
  client: QueryClient,
  options: QueryExecuteOptions<T, Error, T, T, K>,
): void {
  // A failure shows on the page itself, which reads the same query.
  client.query(options).catch(() => undefined);
}

const wholeNumber = (text: string | undefined) =>
  text !== undefined && /^\d{1,15}$/.test(text) ? Number(text) : undefined;

interface RouteEntry {
  /** The page's address (a pattern from src/lib/paths). */
  readonly path: string;
  readonly page: LazyPage;
  /** Starts the queries the page reads, from its address, while its code loads. */
  readonly prefetch: Prefetch;
  /** The page's label in the navigation, if it has a place there. */
  readonly nav?: string;
  /** Tabs below the page: their path below it (empty for the index) and their code. */
  readonly tabs?: readonly Tab[];
}

interface Tab {
  readonly path: string;
  readonly page: LazyPage;
  /**
   * Its code is a chunk of its own, loaded only when the address opens the tab; the other tabs
   * share the page's module and load with it.
   */
  readonly ownChunk?: boolean;
}

const collectionModule = () => import('./routes/collection');

export const ROUTES: readonly RouteEntry[] = [
  {
    path: PATTERNS.overview,
    nav: 'Overview',
    page: page(
      () => import('../features/overview/overview-page'),
      (m) => m.OverviewPage,
    ),
    prefetch: (client) => {
      start(client, collectionQueries.list());
    },
  },
  {
    path: PATTERNS.collections,
    nav: 'Collections',
    page: page(
      () => import('../features/collections/collections-page'),
      (m) => m.CollectionsPage,
    ),
    prefetch: (client, _, search) => {
      const { values } = decodeAll(collectionFilterParams, search);
      start(client, collectionQueries.list({ state: values.state }));
      start(client, collectionQueries.list());
    },
  },
  {
    path: PATTERNS.collection,
    page: page(collectionModule, (m) => m.CollectionRoute),
    tabs: [
      {
        path: COLLECTION_TABS.overview.path,
        page: page(
          () => import('./routes/collection-overview'),
          (m) => m.OverviewTab,
        ),
        ownChunk: true,
      },
      { path: COLLECTION_TABS.seeds.path, page: page(collectionModule, (m) => m.SeedsTab) },
      {
        path: COLLECTION_TABS.seedGroups.path,
        page: page(collectionModule, (m) => m.SeedGroupsTab),
      },
      {
        path: COLLECTION_TABS.metadata.path,
        page: page(collectionModule, (m) => m.MetadataTab),
      },
    ],
    prefetch: (client, params, search) => {
      start(client, collectionQueries.list());
      start(client, seedGroupQueries.list());
      const id = wholeNumber(params.id);
      if (id !== undefined) {
        const { values } = decodeAll(seedFilterParams, search);
        start(client, seedQueries.list(seedFilters(values, id)));
      }
    },
  },
  {
    path: PATTERNS.seeds,
    nav: 'Seeds',
    page: page(
      () => import('../features/seeds/seeds-page'),
      (m) => m.SeedsPage,
    ),
    prefetch: (client, _, search) => {
      const { values } = decodeAll(seedFilterParams, search);
      start(client, seedQueries.list(seedFilters(values)));
      start(client, collectionQueries.list());
    },
  },
  {
    path: PATTERNS.seedGroups,
    nav: 'Seed groups',
    page: page(
      () => import('../features/seed-groups/seed-groups-page'),
      (m) => m.SeedGroupsPage,
    ),
    prefetch: (client) => {
      start(client, seedGroupQueries.list());
      start(client, collectionQueries.list());
    },
  },
  {
    path: PATTERNS.press,
    nav: 'Press',
    page: page(
      () => import('../features/press/press-page'),
      (m) => m.PressPage,
    ),
    prefetch: (client) => {
      start(client, pressQueries.list());
    },
  },
];

/** Where `/` leads. */
const HOME = paths.overview();

/** The entry for an address (its tabs included), and the parameters it matched. */
function routeFor(pathname: string) {
  const path = pathname === '/' ? HOME : pathname;
  for (const entry of ROUTES) {
    const match = matchPath(entry.tabs ? `${entry.path}/*` : entry.path, path);
    if (match) return { entry, params: match.params };
  }
  return undefined;
}

const tabPattern = (entry: RouteEntry, tab: Tab) =>
  tab.path === '' ? entry.path : `${entry.path}/${tab.path}`;

/**
 * Loads the code of the page at `pathname`: the page, the tab the address opens and the tabs that
 * share the page's module, but no other tab with a chunk of its own. Never rejects.
 */
export async function preloadPage(pathname: string): Promise<void> {
  const path = pathname === '/' ? HOME : pathname;
  const entry = routeFor(path)?.entry;
  if (!entry) return;
  const tabs = (entry.tabs ?? []).filter(
    (tab) => !tab.ownChunk || matchPath(tabPattern(entry, tab), path) !== null,
  );
  const pages = [entry.page, ...tabs.map((tab) => tab.page)];
  await Promise.all(pages.map((p) => p.preload())).catch(() => undefined);
}

/** Starts loading what the page at this address reads. */
export function prefetchFor(client: QueryClient, pathname: string, search: URLSearchParams) {
  const found = routeFor(pathname);
  found?.entry.prefetch(client, found.params, search);
}

/**
 * Starts loading what a page will read as soon as the address changes, in parallel with the page's
 * own code, so opening a page costs one wait, not two.
 */
function PrefetchOnNavigate() {
  const client = useQueryClient();
  const { pathname, search } = useLocation();
  useEffect(() => {
    prefetchFor(client, pathname, new URLSearchParams(search));
  }, [client, pathname, search]);
  return null;
}

/** The navigation's sections, in the table's order. */
const SECTIONS = ROUTES.flatMap((entry) =>
  entry.nav ? [{ to: entry.path, label: entry.nav }] : [],
);

function NoSuchPage() {
  return (
    <section className="page" aria-labelledby="no-page-title">
      <h1 id="no-page-title">There is no such page</h1>
      <EmptyState kind="not-found" title="The address does not match any page of the explorer." />
    </section>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      {/* The prefetcher follows the page, so the page's own queries mount before it asks. */}
      <Route element={<Shell sections={SECTIONS} after={<PrefetchOnNavigate />} />}>
        <Route index element={<Navigate to={HOME} replace />} />
        {ROUTES.map((entry) => (
          <Route key={entry.path} path={entry.path.slice(1)} element={<entry.page />}>
            {entry.tabs?.map((tab) =>
              tab.path === '' ? (
                <Route key="index" index element={<tab.page />} />
              ) : (
                <Route key={tab.path} path={tab.path} element={<tab.page />} />
              ),
            )}
          </Route>
        ))}
        <Route path="*" element={<NoSuchPage />} />
      </Route>
    </Routes>
  );
}
