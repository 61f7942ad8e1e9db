import { useVisitorsCatalogue } from '../api/hooks';

/**
 * A quiet line under the header while the service shows the catalogue as it shows a visitor
 * without an account: what is on screen is the public catalogue, not the account's.
 */
export function PublicCatalogueNote() {
  if (!useVisitorsCatalogue()) return null;
  return (
    <p className="public-catalogue-note">
      The public catalogue, as a visitor without an account sees it: no private collections or
      seeds, and no names of who changed what.
    </p>
  );
}
