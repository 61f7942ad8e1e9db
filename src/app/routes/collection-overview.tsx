/**
 * A collection's Overview tab: what the collection is (its description and metadata), then its
 * seeds at a glance. A module of its own, so the charts' code is not part of the other tabs' first
 * screen.
 */
import { PrintButton } from '../../components/print/print-button';
import { CollectionAbout } from '../../features/collections/collection-about';
import { CollectionOverview } from '../../features/overview/collection-overview';
import { useCollection } from './collection';

export function OverviewTab() {
  const collection = useCollection();
  return (
    <>
      <div className="tab-actions">
        <PrintButton prepare={() => ({ inForce: [] })} />
      </div>
      <CollectionAbout collection={collection} />
      <CollectionOverview collection={collection} />
    </>
  );
}
