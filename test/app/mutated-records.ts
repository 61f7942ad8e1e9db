/**
 * Records the explorer did not design for: valid ones with fields deleted, nulled or retyped, and
 * unknown fields added, as a service whose representation varies by account, by format and over
 * time might send them.
 */
import fc from 'fast-check';

/** A copy of a record without some of its fields. */
export function without(
  record: Record<string, unknown>,
  ...keys: string[]
): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([key]) => !keys.includes(key)));
}

const anyValue = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.jsonValue(),
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.array(fc.jsonValue(), { maxLength: 3 }),
);

export function mutated(bases: readonly Record<string, unknown>[]) {
  const keys = [...new Set(bases.flatMap((b) => Object.keys(b)))];
  return fc
    .tuple(
      fc.constantFrom(...bases),
      fc.dictionary(fc.constantFrom(...keys), anyValue, { maxKeys: 6 }),
      fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue(), { maxKeys: 3 }),
    )
    .map(([base, changes, extra]) => {
      const deleted = Object.keys(changes).filter((key) => changes[key] === undefined);
      return {
        ...extra,
        ...without(base, ...deleted),
        ...without(changes, ...deleted),
      };
    });
}
