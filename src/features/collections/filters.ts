/** The collection list's filters as URL parameters; light, so navigation can prefetch with them. */
import { choiceParam } from '../../lib/url-state';

export const collectionFilterParams = {
  state: choiceParam('collection state', ['ACTIVE', 'INACTIVE'] as const),
};
