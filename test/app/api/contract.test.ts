/**
 * The reader's record definitions (src/api/records.ts) and the service's contract
 * (src/contract/wire.ts, which the embedded service is typed against) name the same fields, so the
 * two cannot drift apart: every name the reader reads is in the contract, and every field of the
 * contract is read, except the credentials, which are never read.
 *
 * The type-level half is checked by the type checker, not by vitest (at run time `expectTypeOf`
 * checks nothing): `npm run typecheck`, part of `npm test`, type-checks this file and fails on a
 * line below whose type is not `never`. The field lists the embedded service writes are checked
 * again when the tests run.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  RECORD_FIELDS,
  type WireNamesOf,
  type collectionFields,
  type pressItemFields,
  type seedFields,
  type seedGroupFields,
} from '../../../src/api/records';
import {
  COLLECTION_FIELDS,
  PRESS_ITEM_FIELDS,
  SEED_API_FIELDS,
  SEED_DEFAULT_FIELDS,
  SEED_GROUP_FIELDS,
  type WireCollection,
  type WirePressItem,
  type WirePublicSeedGroup,
  type WireSeedApi,
  type WireSeedDefault,
  type WireSeedGroup,
} from '../../../src/contract/wire';

type Credentials = 'login_username' | 'login_password';

// The reader reads only fields the contract has.
expectTypeOf<
  Exclude<WireNamesOf<typeof seedFields>, keyof WireSeedDefault | keyof WireSeedApi>
>().toEqualTypeOf<never>();
expectTypeOf<
  Exclude<WireNamesOf<typeof collectionFields>, keyof WireCollection>
>().toEqualTypeOf<never>();
expectTypeOf<
  Exclude<WireNamesOf<typeof seedGroupFields>, keyof WireSeedGroup | keyof WirePublicSeedGroup>
>().toEqualTypeOf<never>();
expectTypeOf<
  Exclude<WireNamesOf<typeof pressItemFields>, keyof WirePressItem>
>().toEqualTypeOf<never>();

// The reader reads every field of the contract but the credentials.
expectTypeOf<
  Exclude<
    keyof WireSeedDefault | keyof WireSeedApi,
    WireNamesOf<typeof seedFields> | 'id' | Credentials
  >
>().toEqualTypeOf<never>();
expectTypeOf<
  Exclude<keyof WireCollection, WireNamesOf<typeof collectionFields> | 'id'>
>().toEqualTypeOf<never>();
expectTypeOf<
  Exclude<
    keyof WireSeedGroup | keyof WirePublicSeedGroup,
    WireNamesOf<typeof seedGroupFields> | 'id'
  >
>().toEqualTypeOf<never>();
expectTypeOf<
  Exclude<keyof WirePressItem, WireNamesOf<typeof pressItemFields> | 'id'>
>().toEqualTypeOf<never>();

describe('the reader and the contract', () => {
  it('agree on the field lists the embedded service writes', () => {
    const read = (resource: keyof typeof RECORD_FIELDS) => {
      const specs: readonly { wire: string; also?: readonly string[] }[] = Object.values(
        RECORD_FIELDS[resource],
      );
      return new Set(['id', ...specs.flatMap((f) => [f.wire, ...(f.also ?? [])])]);
    };
    const credentials = new Set<string>(['login_username', 'login_password']);
    const unread = (fields: readonly string[], resource: keyof typeof RECORD_FIELDS) =>
      fields.filter((f) => !read(resource).has(f) && !credentials.has(f));
    expect(unread([...SEED_DEFAULT_FIELDS, ...SEED_API_FIELDS], 'seed')).toEqual([]);
    expect(unread(COLLECTION_FIELDS, 'collection')).toEqual([]);
    expect(unread(SEED_GROUP_FIELDS, 'seed_group')).toEqual([]);
    expect(unread(PRESS_ITEM_FIELDS, 'press_item')).toEqual([]);
  });
});
