/**
 * A collection's Overview tab. A module of its own, so the charts' code is not part of the other
 * tabs' first screen.
 */
import { CollectionOverview } from '../../features/overview/collection-overview';
import { useCollection } from './collection';

export function OverviewTab() {
  return <CollectionOverview collection={useCollection()} />;
}
