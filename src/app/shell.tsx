import { Suspense, useEffect, useRef, type ComponentType, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { NavLink } from '../components/link';
import { PublicCatalogueNote } from '../components/public-catalogue-note';
import { RouteErrorBoundary } from '../components/route-error';
import { SavedData } from '../components/saved-data';

/** With --sign-in: who is signed in, and Sign out; set by the session gate before the first render. */
export const headerExtras: { account?: ComponentType } = {};

/** The frame of every page: the navigation to its sections, and the page below it. */
export function Shell({
  sections,
  after,
}: {
  sections: readonly { to: string; label: string }[];
  /** Rendered after the page, so its effects run after the page's. */
  after?: ReactNode;
}) {
  const main = useRef<HTMLElement>(null);
  // The page, not its tab: /collections/12 and /collections/12/metadata are one page.
  const page = useLocation().pathname.split('/').slice(0, 3).join('/');
  const first = useRef(true);
  // A new page moves focus to its content, as a page load would; filters and tabs do not.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.focus({ preventScroll: true });
  }, [page]);
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="shell-header">
        <NavLink to="/" className="brand">
          Catalogue explorer
        </NavLink>
        <nav aria-label="Sections">
          <ul className="nav-list">
            {sections.map((section) => (
              <li key={section.to}>
                <NavLink to={section.to}>{section.label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {headerExtras.account && <headerExtras.account />}
      </header>
      <PublicCatalogueNote />
      <main id="main" tabIndex={-1} ref={main}>
        <RouteErrorBoundary resetKey={page}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <footer className="shell-footer">
        <SavedData />
      </footer>
      {after}
    </div>
  );
}

/** While a page's code arrives (a few milliseconds on the first visit to it). */
function PageLoading() {
  return <div className="page" aria-busy="true" aria-label="Loading the page" />;
}
