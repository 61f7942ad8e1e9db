import { Page } from '../../components/page';
import { SeedsView } from './seeds-view';

export function SeedsPage() {
  return (
    <Page title="Seeds">
      <SeedsView />
    </Page>
  );
}
