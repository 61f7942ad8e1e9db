/** Readable labels for the service's subject codes; unknown codes are shown as they are. */
const LABELS: Record<string, string> = {
  government: 'Government',
  'government-National': 'Government – National',
  'government-USStates': 'Government – U.S. states',
  politicsAndElections: 'Politics and elections',
  societyAndCulture: 'Society and culture',
  universitiesAndLibraries: 'Universities and libraries',
  artsAndHumanities: 'Arts and humanities',
  spontaneousEvents: 'Spontaneous events',
  blogsAndSocialMedia: 'Blogs and social media',
};

export function topicLabel(code: string): string {
  return Object.hasOwn(LABELS, code) ? (LABELS[code] ?? code) : code;
}
