import { useVisitorsCatalogue } from '../api/hooks';

/**
 * A quiet line under the header while the service shows the catalogue as it shows a visitor
 * without an account: what is on screen is the public catalogue, not the account's.
 */
export function PublicCatalogueNote() {
  if (!useVisitorsCatalogue()) return null;
  return (
    <p className="public-catalogue-note">
      The public catalogue: what the service shows a visitor without an account. Private collections
      and seeds, and who made each change, are not in it.
    </p>
  );
}
