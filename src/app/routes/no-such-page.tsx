/** An address that leads nowhere: it says so, and offers the nearest real page, its query kept. */
import { useLocation } from 'react-router';
import { Link } from '../../components/link';
import { EmptyState } from '../../components/empty-state';
import { nearestPage } from '../../lib/nearest-page';
import { paths } from '../../lib/paths';

export function NoSuchPage() {
  const { pathname, search } = useLocation();
  const nearest = nearestPage(pathname);
  return (
    <section className="page" aria-labelledby="no-page-title">
      <h1 id="no-page-title">There is no such page</h1>
      <EmptyState kind="not-found" title="The address does not match any page of the explorer.">
        {nearest ? (
          <p>
            The nearest page is <Link to={nearest + search}>{nearest}</Link>.
          </p>
        ) : (
          <p>
            Start again from the <Link to={paths.overview()}>overview</Link>, or choose a section
            above.
          </p>
        )}
      </EmptyState>
    </section>
  );
}
