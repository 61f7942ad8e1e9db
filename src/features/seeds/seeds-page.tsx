import { SeedsView } from './seeds-view';
import { PageTitle } from '../../components/page-title';

export function SeedsPage() {
  return (
    <section aria-labelledby="seeds-title" className="page">
      <PageTitle>Seeds</PageTitle>
      <header className="page-header">
        <h1 id="seeds-title">Seeds</h1>
      </header>
      <SeedsView />
    </section>
  );
}
