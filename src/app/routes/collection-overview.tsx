/**
 * A collection's Overview tab: what the collection is (its description and metadata), then its
 * seeds at a glance. A module of its own, so the charts' code is not part of the other tabs' first
 * screen.
 */
import { CollectionAbout } from '../../features/collections/collection-about';
import { CollectionOverview } from '../../features/overview/collection-overview';
import { useCollection } from './collection';

export function OverviewTab() {
  const collection = useCollection();
  return (
    <>
      <CollectionAbout collection={collection} />
      <CollectionOverview collection={collection} />
    </>
  );
}
