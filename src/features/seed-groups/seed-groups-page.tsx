import { SeedGroupsView } from './seed-groups-view';
import { PageTitle } from '../../components/page-title';

export function SeedGroupsPage() {
  return (
    <section aria-labelledby="seed-groups-title" className="page">
      <PageTitle>Seed groups</PageTitle>
      <header className="page-header">
        <h1 id="seed-groups-title">Seed groups</h1>
      </header>
      <SeedGroupsView />
    </section>
  );
}
