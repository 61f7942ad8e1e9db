/**
 * What a list says about how many rows it has, in words: the page's count line, the progress
 * while it loads, why a table is empty, and the notices of a list that does not add up (records
 * repeated, pages sent again, rows past the cap, a count the rows did not bear out, values too
 * long or fields too many to hold whole). Pure: list-status.tsx shows these sentences.
 */
import type { ListView } from '../api/hooks';
import type { ListData } from '../api/load-list';
import { LONGEST_VALUE, MOST_FIELDS } from '../api/values';
import { formatCount, plural } from '../lib/format';

const are = (n: number) => (n === 1 ? 'is' : 'are');

/**
 * What a page's count line says while the list has no count to trust, or null once it has one:
 * loading, failed before any row arrived, or still arriving from a service that sends no count.
 */
export function provisionalCount<T>(
  view: ListView<T>,
  noun: string,
  nouns = `${noun}s`,
): string | null {
  if (view.loadingFirst) return `Loading ${nouns}…`;
  if (view.error && view.rows.length === 0) return `The ${nouns} could not be loaded`;
  if (!view.totalCertain && view.data?.complete !== true) {
    return `${plural(view.loaded, noun, nouns)} so far`;
  }
  return null;
}

/**
 * A list page's count line. Until the count can be trusted it says what is happening; then it
 * counts the rows the table can show: `of` them in all, and "N of M" when the page narrows them
 * further (`shown`). A list stopped at the row cap says so in the count itself: "500,000 of
 * 1,000,000 seeds loaded", or the first so many when the service did not say how many there are.
 */
export function countLine<T>(
  view: ListView<T>,
  noun: string,
  options: { nouns?: string; of?: number; shown?: number | undefined } = {},
): string {
  const nouns = options.nouns ?? `${noun}s`;
  const of = options.of ?? view.total;
  const provisional = provisionalCount(view, noun, nouns);
  if (provisional !== null) return provisional;
  const capped = cappedCount(view, nouns, options);
  if (capped !== null) return capped;
  if (options.shown === undefined) return plural(of, noun, nouns);
  // While the rest arrive, the page narrows the rows that have: say so, not "N of the total".
  if (view.loadingMore && options.of === undefined) {
    return `${formatCount(options.shown)} of the ${plural(view.loaded, noun, nouns)} loaded so far (${formatCount(view.total)} in all)`;
  }
  return `${formatCount(options.shown)} of ${plural(of, noun, nouns)}`;
}

/** The count line of a list stopped at the row cap (and not narrowed to another total), or null. */
function cappedCount<T>(
  view: ListView<T>,
  nouns: string,
  options: { of?: number; shown?: number | undefined },
): string | null {
  const { data } = view;
  if (!data?.capped || options.of !== undefined) return null;
  const loaded = formatCount(view.loaded);
  const shown = options.shown === undefined ? '' : `${formatCount(options.shown)} of `;
  if (data.notLoaded > 0) {
    const all = formatCount(data.total);
    return shown === ''
      ? `${loaded} of ${all} ${nouns} loaded`
      : `${shown}the ${loaded} ${nouns} loaded (${all} in all)`;
  }
  return shown === ''
    ? `The first ${loaded} ${nouns}; the service did not say how many`
    : `${shown}the first ${loaded} ${nouns} (the service did not say how many)`;
}

/** What the progress bar of a list still loading says. */
export function progressLabel({
  loaded,
  total,
  totalCertain,
  claimed,
  noun,
}: {
  loaded: number;
  total: number;
  /** False when the service gave no count. */
  totalCertain: boolean;
  /** The service's count, once more rows than it came. */
  claimed: number | null;
  noun: string;
}): string {
  if (!totalCertain) {
    return `Loaded ${plural(loaded, noun)} so far; the catalogue service did not say how many there are`;
  }
  if (claimed !== null) {
    return `Loaded ${plural(loaded, noun)} so far; the catalogue service said there ${are(claimed)} ${formatCount(claimed)}`;
  }
  return `Loaded ${formatCount(loaded)} of ${plural(total, noun)}`;
}

/** Why a table is empty when it is neither filtered nor waiting, or null for "nothing yet". */
export function emptyTitle<T>(view: ListView<T>, nouns: string): string | null {
  if (view.error && view.rows.length === 0) {
    return `No ${nouns} to show: the list could not be loaded.`;
  }
  const claimed = view.data?.claimedTotal ?? null;
  if (claimed !== null && claimed > 0) {
    return `No ${nouns} to show: the catalogue service said there ${are(claimed)} ${formatCount(claimed)}, but sent none.`;
  }
  return null;
}

/** What a failed load says beside the error: the rows still on screen, and where they are from. */
export function failureWords<T>(
  view: ListView<T>,
  noun: string,
  nouns: string,
): { before?: string; kept?: string } {
  if (view.stale) {
    return {
      before: `Showing ${plural(view.loaded, noun, nouns)} from an earlier load: refreshing failed.`,
    };
  }
  return view.loaded > 0
    ? { kept: `The ${plural(view.loaded, noun, nouns)} already loaded stay on screen.` }
    : {};
}

export interface ShapeNotice {
  readonly tone: 'warning' | 'info';
  readonly text: string;
}

/**
 * What a list that does not add up says about itself: records repeated or too big to hold whole,
 * rows past the cap, a service that sends its pages again, a count the rows did not bear out.
 */
export function shapeNotices<T>(
  data: ListData<T>,
  loaded: number,
  noun: string,
  nouns: string,
): ShapeNotice[] {
  const { oversize, claimedTotal, repeatedFrom } = data;
  const counted = data.totalCertain ? (claimedTotal ?? data.total) : null;
  const notices: ShapeNotice[] = [];
  const warn = (text: string) => notices.push({ tone: 'warning', text });
  if (data.repeated > 0) {
    warn(
      `${plural(data.repeated, 'record')} ${data.repeated === 1 ? 'repeats' : 'repeat'} an id already listed; the first of each is shown.`,
    );
  }
  if (repeatedFrom !== null) {
    const said =
      counted !== null && counted !== loaded
        ? `; it said there ${are(counted)} ${formatCount(counted)}`
        : '';
    warn(
      `The catalogue service sent the same ${nouns} again from row ${formatCount(repeatedFrom + 1)} on, as if it ignored paging, so the explorer stopped there: the ${plural(loaded, noun, nouns)} before it are shown${said}.`,
    );
  }
  if (data.capped) {
    const stop =
      data.notLoaded > 0
        ? `${plural(data.notLoaded, noun, nouns)} ${are(data.notLoaded)} not loaded: the explorer stops at ${plural(data.nextOffset, 'row')} to stay responsive.`
        : `The explorer stops at ${plural(data.nextOffset, 'row')} to stay responsive; the catalogue service did not say how many there are, so there may be more.`;
    notices.push({ tone: 'info', text: `${stop} Narrow the filters to see them.` });
  }
  if (claimedTotal !== null && !data.totalChanged && repeatedFrom === null) {
    warn(
      `The catalogue service said there ${are(claimedTotal)} ${plural(claimedTotal, noun, nouns)}, but sent ${formatCount(data.total)}; the explorer shows the ${formatCount(data.total)} it received.`,
    );
  }
  if (oversize.cut > 0) {
    warn(
      `${plural(oversize.cut, noun, nouns)} ${oversize.cut === 1 ? 'holds' : 'hold'} a value longer than ${formatCount(LONGEST_VALUE)} characters (the longest: ${formatCount(oversize.longest)}); each such value is kept cut at that length and ends “[cut: …]” with its full length.`,
    );
  }
  if (oversize.crowded > 0) {
    warn(
      oversize.crowded === 1
        ? `1 ${noun} has ${formatCount(oversize.mostFields)} metadata fields; the first ${formatCount(MOST_FIELDS)} are kept.`
        : `${plural(oversize.crowded, noun, nouns)} have more than ${formatCount(MOST_FIELDS)} metadata fields (up to ${formatCount(oversize.mostFields)}); the first ${formatCount(MOST_FIELDS)} of each are kept.`,
    );
  }
  return notices;
}
