/**
 * A whole list as the reference pages fetch it: in one answer (`limit=-1`), or, for the seeds where the
 * page's address gives `seeds` and `page`, in answers of `page` rows asked for all at once. A million seeds
 * are about 790 MB of JSON, more than one string of Chromium's can hold (about 512 MB), so one
 * answer of them cannot be parsed at all; the benchmark asks in pages above 500,000 rows only.
 */
const params = new URLSearchParams(location.search);
const seeds = Number(params.get('seeds'));
const page = Number(params.get('page'));

export async function fetchList<T>(resource: string): Promise<T[]> {
  const read = async (query: string) =>
    (await (await fetch(`/api/${resource}?format=api&${query}`)).json()) as T[];
  if (resource !== 'seed' || !(seeds > 0 && page > 0)) return read('limit=-1');
  const offsets = Array.from({ length: Math.ceil(seeds / page) }, (_, i) => i * page);
  const pages = await Promise.all(offsets.map((offset) => read(`limit=${page}&offset=${offset}`)));
  return pages.flat();
}
