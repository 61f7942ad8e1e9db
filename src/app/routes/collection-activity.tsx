/**
 * A collection's Activity tab. A module of its own, so the charts' code is not part of the other
 * tabs' first screen.
 */
import { CollectionActivity } from '../../features/activity/collection-activity';
import { useCollection } from './collection';

export function ActivityTab() {
  return <CollectionActivity collection={useCollection()} />;
}
