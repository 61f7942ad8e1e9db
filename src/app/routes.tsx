/**
 * The route table: every page of the explorer once, with its address and its code (a chunk loaded
 * on first visit). The router and the preloading of a page's code are built from it; the lists a
 * page reads, which are prefetched with its code, are named by src/addresses/first-lists.ts.
 */
import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, useEffect, type ComponentType } from 'react';
import { Navigate, Route, Routes, matchPath, useLocation } from 'react-router';
import { firstListsAt } from '../addresses/first-lists';
import { PATTERNS } from '../addresses/pages';
import { startList } from '../api/queries';
import { COLLECTION_TABS, collectionLanding, paths } from '../lib/paths';
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

interface RouteEntry {
  /** The page’s address (a pattern from src/addresses/pages.ts). */
  readonly path: string;
  readonly page: LazyPage;
  /** The page's label in the navigation, if it has a place there. */
  readonly nav?: string;
  /** Tabs below the page: their path below it and their code. */
  readonly tabs?: readonly Tab[];
  /** The tab the page's own address opens, from its query; the address then names the tab. */
  readonly landing?: (search: URLSearchParams) => string;
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
  },
  {
    path: PATTERNS.collections,
    nav: 'Collections',
    page: page(
      () => import('../features/collections/collections-page'),
      (m) => m.CollectionsPage,
    ),
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
      {
        path: COLLECTION_TABS.activity.path,
        page: page(
          () => import('./routes/collection-activity'),
          (m) => m.ActivityTab,
        ),
        ownChunk: true,
      },
    ],
    landing: (search) => COLLECTION_TABS[collectionLanding(search)].path,
  },
  {
    path: PATTERNS.seeds,
    nav: 'Seeds',
    page: page(
      () => import('../features/seeds/seeds-page'),
      (m) => m.SeedsPage,
    ),
  },
  {
    path: PATTERNS.seedGroups,
    nav: 'Seed groups',
    page: page(
      () => import('../features/seed-groups/seed-groups-page'),
      (m) => m.SeedGroupsPage,
    ),
  },
  {
    path: PATTERNS.press,
    nav: 'Press',
    page: page(
      () => import('../features/press/press-page'),
      (m) => m.PressPage,
    ),
  },
  {
    path: PATTERNS.activity,
    nav: 'Activity',
    page: page(
      () => import('../features/activity/activity-page'),
      (m) => m.ActivityPage,
    ),
  },
];

/** Where `/` leads. */
const HOME = paths.overview();

/** What an address that leads nowhere shows: rarely needed, so its code loads when it is. */
const NoSuchPage = page(
  () => import('./routes/no-such-page'),
  (m) => m.NoSuchPage,
);

/**
 * The address a page is shown at: `/` is the overview, and a page with tabs names the tab its own
 * address opens (`/collections/12` → `/collections/12/overview`).
 */
function shownPath(pathname: string, search: URLSearchParams): string {
  if (pathname === '/') return HOME;
  for (const entry of ROUTES) {
    if (entry.landing && matchPath(entry.path, pathname)) {
      return `${pathname.replace(/\/$/, '')}/${entry.landing(search)}`;
    }
  }
  return pathname;
}

/** The entry for an address, its tabs included. */
const routeFor = (path: string) =>
  ROUTES.find((entry) => matchPath(entry.tabs ? `${entry.path}/*` : entry.path, path));

const tabPattern = (entry: RouteEntry, tab: Tab) => `${entry.path}/${tab.path}`;

/**
 * Loads the code of the page at this address: the page, the tab the address opens and the tabs
 * that share the page's module, but no other tab with a chunk of its own. Never rejects.
 */
export async function preloadPage(pathname: string, search = ''): Promise<void> {
  const path = shownPath(pathname, new URLSearchParams(search));
  const entry = routeFor(path);
  if (!entry) {
    await NoSuchPage.preload().catch(() => undefined);
    return;
  }
  const tabs = (entry.tabs ?? []).filter(
    (tab) => !tab.ownChunk || matchPath(tabPattern(entry, tab), path) !== null,
  );
  const pages = [entry.page, ...tabs.map((tab) => tab.page)];
  await Promise.all(pages.map((p) => p.preload())).catch(() => undefined);
}

/** Starts loading what the page at this address reads. */
export function prefetchFor(client: QueryClient, pathname: string, search: URLSearchParams) {
  for (const list of firstListsAt(pathname, search)) startList(client, list);
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

/** The tab a page's own address opens, its query kept, in place of the address in the history. */
function Landing({ tab }: { tab: (search: URLSearchParams) => string }) {
  const { search } = useLocation();
  return <Navigate to={{ pathname: tab(new URLSearchParams(search)), search }} replace />;
}

export function AppRoutes() {
  return (
    <Routes>
      {/* The prefetcher follows the page, so the page's own queries mount before it asks. */}
      <Route element={<Shell sections={SECTIONS} after={<PrefetchOnNavigate />} />}>
        <Route index element={<Navigate to={HOME} replace />} />
        {ROUTES.map((entry) => (
          <Route key={entry.path} path={entry.path.slice(1)} element={<entry.page />}>
            {entry.landing && <Route index element={<Landing tab={entry.landing} />} />}
            {entry.tabs?.map((tab) => (
              <Route key={tab.path} path={tab.path} element={<tab.page />} />
            ))}
          </Route>
        ))}
        <Route path="*" element={<NoSuchPage />} />
      </Route>
    </Routes>
  );
}
