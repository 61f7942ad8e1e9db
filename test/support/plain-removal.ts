/**
 * The plainest removal of credentials, for the streaming removal's tests to compare with: parse,
 * then delete every member whose name is a secret name, at any depth.
 */
import { isSecretName } from '../../src/contract/secret-names';

export function removed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(removed);
  if (value === null || typeof value !== 'object') return value;
  // As own properties, `__proto__` included (fast-check names fields so now and then).
  return Object.fromEntries(
    Object.entries(value).flatMap(([key, inner]) =>
      isSecretName(key) ? [] : [[key, removed(inner)]],
    ),
  );
}
