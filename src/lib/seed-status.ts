/**
 * The class of a seed's last checked HTTP status, by one rule for the facet panel, the `status=`
 * filter and the overview's chart, so a bar's count is the count of the list it opens.
 */
import { unknownOf, type Seed } from '../api/records';

/** `other` is a code outside 200–599; `unchecked`, a seed the service has not checked. */
export const STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx', 'other', 'unchecked'] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];

export const STATUS_LABELS: Readonly<Record<StatusClass, string>> = {
  '2xx': '2xx success',
  '3xx': '3xx redirect',
  '4xx': '4xx client error',
  '5xx': '5xx server error',
  other: 'Other code',
  unchecked: 'Not checked',
};

/** The seed's status class, or null when the service did not give it or sent it unreadable. */
export function statusClassOf(seed: Seed): StatusClass | null {
  if (unknownOf(seed, 'lastCheckedHttpResponseCode')) return null;
  const code = seed.lastCheckedHttpResponseCode;
  if (code === null) return 'unchecked';
  if (typeof code !== 'number') return null;
  if (code >= 200 && code < 600) return STATUS_CLASSES[Math.floor(code / 100) - 2] ?? 'other';
  return 'other';
}
