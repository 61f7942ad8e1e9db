/**
 * Values of the seed filters' parameters that cannot be read. Such a value is not dropped: the
 * filter would then widen to every seed without the user asking. It stays in the address as
 * written (so nothing rewrites it behind the user's back), is reported, and matches no seed until
 * it is fixed or cleared.
 */
import { quoted, type Decoded } from '../../addresses/url-params';

/** A value from the address that cannot be read, kept as written. */
export interface Unreadable {
  readonly unreadable: string;
  readonly problem: string;
}

export function isUnreadable(value: unknown): value is Unreadable {
  return typeof value === 'object' && value !== null && 'unreadable' in value;
}

export const NO_MATCH = 'No seeds match it until it is changed.';

export function unreadable(text: string, why: string): Decoded<Unreadable> {
  const problem = `${why} ${NO_MATCH}`;
  return { value: { unreadable: text, problem }, problem };
}

export function decodeBoolean(name: string) {
  return (text: string): Decoded<boolean | Unreadable> => {
    if (text === 'true') return { value: true };
    if (text === 'false') return { value: false };
    return unreadable(text, `${quoted(text)} is not true or false: ${name}=true|false.`);
  };
}

/** A value as the address had it: its text when it could not be read. */
export const keep = <T>(value: T | Unreadable, write: (value: T) => string): string =>
  isUnreadable(value) ? value.unreadable : write(value);
