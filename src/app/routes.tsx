/**
 * The explorer's pages. Every page is a separate chunk loaded on first visit; the shell starts
 * the page's queries from the address at the same time (see prefetch.ts).
 */
import { lazy, type ComponentType } from 'react';
import { Navigate, Route, Routes, matchPath } from 'react-router';
import { EmptyState } from '../components/empty-state';
import { Shell } from './shell';

/**
 * A page component from a module loaded on first use. Once the module is there the page renders
 * at once; before that it suspends. The first page is loaded before React renders at all (see
 * main.tsx), so it never shows a fallback, which React would keep on screen for a while; later
 * pages load inside the router's transitions, with the previous page still shown.
 */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  let loaded: ComponentType | undefined;
  const preload = async () => (loaded = pick(await load()));
  const Suspending = lazy(async () => ({ default: await preload() }));
  function Page() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Suspending />;
  }
  return Object.assign(Page, { preload });
}

const collection = () => import('./routes/collection');
const CollectionsPage = page(
  () => import('../features/collections/collections-page'),
  (m) => m.CollectionsPage,
);
const CollectionRoute = page(collection, (m) => m.CollectionRoute);
const SeedsTab = page(collection, (m) => m.SeedsTab);
const SeedGroupsTab = page(collection, (m) => m.SeedGroupsTab);
const MetadataTab = page(collection, (m) => m.MetadataTab);
const SeedsPage = page(
  () => import('../features/seeds/seeds-page'),
  (m) => m.SeedsPage,
);
const SeedGroupsPage = page(
  () => import('../features/seed-groups/seed-groups-page'),
  (m) => m.SeedGroupsPage,
);
const PressPage = page(
  () => import('../features/press/press-page'),
  (m) => m.PressPage,
);

/** Loads the code of the page at `pathname` (all of it, tabs included); never rejects. */
export async function preloadPage(pathname: string): Promise<void> {
  const pages: [string, { preload: () => Promise<unknown> }[]][] = [
    ['/', [CollectionsPage]],
    ['/collections', [CollectionsPage]],
    ['/collections/:id/*', [CollectionRoute, SeedsTab, SeedGroupsTab, MetadataTab]],
    ['/seeds', [SeedsPage]],
    ['/seed-groups', [SeedGroupsPage]],
    ['/press', [PressPage]],
  ];
  const found = pages.find(([pattern]) => matchPath(pattern, pathname));
  await Promise.all((found?.[1] ?? []).map((p) => p.preload())).catch(() => undefined);
}

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
      <Route element={<Shell />}>
        <Route index element={<Navigate to="/collections" replace />} />
        <Route path="collections" element={<CollectionsPage />} />
        <Route path="collections/:id" element={<CollectionRoute />}>
          <Route index element={<SeedsTab />} />
          <Route path="seed-groups" element={<SeedGroupsTab />} />
          <Route path="metadata" element={<MetadataTab />} />
        </Route>
        <Route path="seeds" element={<SeedsPage />} />
        <Route path="seed-groups" element={<SeedGroupsPage />} />
        <Route path="press" element={<PressPage />} />
        <Route path="*" element={<NoSuchPage />} />
      </Route>
    </Routes>
  );
}
