/**
 * What a collection is, at the top of its Overview tab, as the service's public collection page
 * shows it: the description in full, then the descriptive fields (Dublin Core first), each value
 * in full, and a link to every field on the Metadata tab.
 */
import { Link } from '../../components/link';
import { unknownOf, type Collection } from '../../api/records';
import { ClampedText } from '../../components/clamped-text';
import { MetadataList } from '../../components/metadata-list';
import { plural } from '../../lib/format';
import { fieldValues, orderFieldNames } from '../../lib/metadata-audit';
import { paths } from '../../lib/paths';

/** Fields shown here besides the description; the Metadata tab has the rest. */
const FIELDS_SHOWN = 8;

export function CollectionAbout({ collection }: { collection: Collection }) {
  const descriptions = fieldValues(collection, 'Description');
  const fields = orderFieldNames(Object.keys(collection.metadata)).filter(
    (name) => name !== 'Description' && fieldValues(collection, name).length > 0,
  );
  const shown = fields.slice(0, FIELDS_SHOWN);
  const more = fields.length - shown.length;
  const unknown = unknownOf(collection, 'metadata');
  return (
    <section className="collection-about" aria-labelledby="collection-about-title">
      <h2 id="collection-about-title" className="section-title">
        About this collection
      </h2>
      {descriptions.map((text, i) => (
        <p key={i} className="collection-about__description">
          <ClampedText text={text} maxChars={3_000} maxLines={30} label="the description" />
        </p>
      ))}
      {shown.length > 0 || unknown ? (
        <MetadataList metadata={collection.metadata} unknown={unknown} only={shown} />
      ) : (
        descriptions.length === 0 && (
          <p className="muted">This collection has no descriptive metadata yet.</p>
        )
      )}
      <p className="collection-about__more">
        <Link to={paths.collection(collection.id, 'metadata')}>Show all metadata</Link>
        <span className="muted">
          {more > 0
            ? ` · ${plural(more, 'more field')}, and the seeds’ coverage`
            : ' · and the coverage of its seeds’ fields'}
        </span>
      </p>
    </section>
  );
}
