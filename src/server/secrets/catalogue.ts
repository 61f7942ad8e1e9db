/**
 * The embedded catalogue's records without their credentials, removed once when the server starts:
 * every field and metadata field named for one (src/contract/secret-names.ts), at any depth, as the
 * streaming removal (json.ts) removes them from an answer. Its answers then hold none to begin
 * with, and pass without being read again (`embeddedApiHandler` with `clean`).
 */
import { isSecretName } from '../../contract/secret-names';
import type { Catalogue } from '../catalogue/generate';

export function removeSecretFields(catalogue: Catalogue): void {
  const verdicts = new Map<string, boolean>();
  const secret = (name: string) => {
    let verdict = verdicts.get(name);
    if (verdict === undefined) {
      verdict = isSecretName(name);
      verdicts.set(name, verdict);
    }
    return verdict;
  };
  const clean = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) clean(item);
    } else if (value !== null && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      for (const name of Object.keys(record)) {
        if (secret(name)) Reflect.deleteProperty(record, name);
        else clean(record[name]);
      }
    }
  };
  for (const list of [
    catalogue.pressItems,
    catalogue.collections,
    catalogue.seeds,
    catalogue.seedGroups,
    [...catalogue.seedGroupRefs.values()],
  ]) {
    clean(list);
  }
}
