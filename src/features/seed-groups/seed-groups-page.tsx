import { Page } from '../../components/page';
import { SeedGroupsView } from './seed-groups-view';

export function SeedGroupsPage() {
  return (
    <Page title="Seed groups">
      <SeedGroupsView />
    </Page>
  );
}
