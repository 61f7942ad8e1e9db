/**
 * The filters on what the account says of a seed (src/lib/shared-seeds.ts): `shared=true|false`
 * (its site is, or is not, in another collection), `duplicate=true` (another seed of its own
 * collection has its site) and `shared_with=<collection id>` (its site is in that collection,
 * another than its own; repeatable, any matches). They are faceted like the seed's own fields,
 * counted by the facet engine as extra dimensions (facet-count.ts) from each row's classes.
 */
import { anyOfChips, type Chip } from '../../components/filter-chips';
import { SHARE_NO, SHARE_UNKNOWN, SHARE_YES, type ListSharing } from '../../lib/shared-seeds';
import { listParam, quoted, type Decoded, type Values } from '../../addresses/url-params';
import type { ExtraDim } from './facet-count';
import { decodeBoolean, isUnreadable, keep, unreadable, type Unreadable } from './filter-values';

function decodeDuplicate(text: string): Decoded<true | Unreadable> {
  if (text === 'true') return { value: true };
  return unreadable(
    text,
    `${quoted(text)} is not a choice: duplicate=true keeps the seeds whose site another seed of the same collection has.`,
  );
}

function decodeCollection(text: string): Decoded<number | Unreadable> {
  if (/^\d{1,15}$/.test(text)) return { value: Number(text) };
  return unreadable(text, `${quoted(text)} is not a collection id: shared_with=<collection id>.`);
}

export const sharingParams = {
  shared: listParam(decodeBoolean('shared'), (value) => keep(value, String)),
  duplicate: listParam(decodeDuplicate, (value) => keep(value, String)),
  shared_with: listParam(decodeCollection, (value) => keep(value, String)),
};

type SharingValues = Values<typeof sharingParams>;

export interface SharingModel {
  readonly shared: readonly boolean[];
  readonly duplicate: boolean;
  readonly sharedWith: readonly number[];
}

export const NO_SHARING: SharingModel = { shared: [], duplicate: false, sharedWith: [] };

function readable<T>(values: readonly (T | Unreadable)[], problems: string[]): T[] {
  const out: T[] = [];
  for (const value of values) {
    if (isUnreadable(value)) problems.push(value.problem);
    else if (!out.includes(value)) out.push(value);
  }
  return out;
}

export function sharingModel(values: Partial<SharingValues>, problems: string[]): SharingModel {
  return {
    shared: readable(values.shared ?? [], problems),
    duplicate: readable(values.duplicate ?? [], problems).length > 0,
    sharedWith: readable(values.shared_with ?? [], problems),
  };
}

export function hasSharing(model: SharingModel): boolean {
  return model.shared.length > 0 || model.duplicate || model.sharedWith.length > 0;
}

/** The extra dimensions, in this order. */
export const SHARED_DIM = 0;
export const DUPLICATE_DIM = 1;

const bits = (classes: readonly number[]) => classes.reduce((mask, k) => mask | (1 << k), 0);
const NONE = new Uint8Array(0);

/**
 * The facet engine's dimensions for these filters over rows whose sharing is `sharing` (null
 * while not known: every row's is then unknown, and a filter keeps none).
 */
export function sharingDims(model: SharingModel, sharing: ListSharing | null): ExtraDim[] {
  const withClasses =
    sharing && model.sharedWith.length > 0 ? new Uint8Array(sharing.length) : NONE;
  if (sharing && model.sharedWith.length > 0) {
    for (let i = 0; i < sharing.length; i++) {
      const others = sharing.collectionsOf[i] ?? [];
      withClasses[i] = model.sharedWith.some((id) => others.includes(id)) ? SHARE_YES : SHARE_NO;
    }
  }
  const dim = (classes: Uint8Array | undefined, mask: number): ExtraDim => ({
    classes: classes ?? NONE,
    classCount: 3,
    fallback: SHARE_UNKNOWN,
    mask,
  });
  return [
    dim(sharing?.shared, bits(model.shared.map((yes) => (yes ? SHARE_YES : SHARE_NO)))),
    dim(sharing?.duplicate, model.duplicate ? bits([SHARE_YES]) : 0),
    dim(withClasses, model.sharedWith.length > 0 ? bits([SHARE_YES]) : 0),
  ];
}

/** The chips of these filters: what each keeps, and the address without it. */
export function sharingChips<Patch>(
  values: SharingValues,
  collection: (id: number) => string,
  without: (patch: Partial<SharingValues>) => Patch,
): Chip<Patch>[] {
  return [
    ...anyOfChips(
      'shared',
      values.shared,
      (yes) => (yes ? 'also in other collections' : 'in no other collection'),
      (kept) => without({ shared: kept }),
    ),
    ...anyOfChips(
      'duplicate',
      values.duplicate,
      () => 'duplicate in its collection',
      (kept) => without({ duplicate: kept }),
    ),
    ...anyOfChips(
      'shared_with',
      values.shared_with,
      (id) => `“${collection(id)}”`,
      (kept) => without({ shared_with: kept }),
      'also in ',
    ),
  ];
}
