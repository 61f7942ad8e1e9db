/**
 * Word lists for the sample catalogue: the names, sites, subject headings and people an archivist
 * at a library or archive would recognise. Everything here is invented or generic.
 *
 * It is long because it is data: word lists, not logic.
 */

export type Theme =
  'government' | 'elections' | 'news' | 'social' | 'university' | 'arts' | 'events' | 'community';

export interface AccountSpec {
  id: number;
  institution: string;
  users: readonly string[];
}

export const ACCOUNTS: readonly AccountSpec[] = [
  {
    id: 488,
    institution: 'Cascadia State Library',
    users: ['mhollis', 'dpatel', 'state_library_admin', 'kwong'],
  },
  {
    id: 1068,
    institution: 'Willamette Valley University Libraries',
    users: ['university_archives', 'jfernandez', 'abrooks', 'lnguyen', 'tokafor'],
  },
  {
    id: 2135,
    institution: 'Columbia Museum of Contemporary Art',
    users: ['cmca_library', 'rsato', 'eherrera'],
  },
  {
    id: 3147,
    institution: 'Riverside Public Library Community Archive',
    users: ['community_archive', 'pmorales', 'gjohnson'],
  },
];

export interface CollectionSpec {
  name: string;
  account: number;
  theme: Theme;
  topics: readonly string[];
}

const G = 'government';
const GN = 'government-National';
const GS = 'government-USStates';
const PE = 'politicsAndElections';
const SC = 'societyAndCulture';
const UL = 'universitiesAndLibraries';
const AH = 'artsAndHumanities';
const SE = 'spontaneousEvents';
const BS = 'blogsAndSocialMedia';

export const COLLECTION_SPECS: readonly CollectionSpec[] = [
  { name: 'Cascadia State Agency Websites', account: 488, theme: 'government', topics: [G, GS] },
  { name: 'Cascadia Legislature', account: 488, theme: 'government', topics: [G, GS, PE] },
  { name: 'Governor’s Office Communications', account: 488, theme: 'government', topics: [G, GS] },
  { name: 'State Boards and Commissions', account: 488, theme: 'government', topics: [G, GS] },
  { name: 'County Government Websites', account: 488, theme: 'government', topics: [G] },
  { name: 'Municipal Government Websites', account: 488, theme: 'government', topics: [G] },
  { name: 'Federal Agencies in Cascadia', account: 488, theme: 'government', topics: [G, GN] },
  { name: '2016 Cascadia Elections', account: 488, theme: 'elections', topics: [PE, GS] },
  { name: '2018 Cascadia Elections', account: 488, theme: 'elections', topics: [PE, GS] },
  { name: '2020 Cascadia Elections', account: 488, theme: 'elections', topics: [PE, GS] },
  { name: '2022 Cascadia Elections', account: 488, theme: 'elections', topics: [PE, GS] },
  { name: '2024 Cascadia Elections', account: 488, theme: 'elections', topics: [PE, GS] },
  { name: 'Ballot Measures', account: 488, theme: 'elections', topics: [PE] },
  { name: 'COVID-19 State Response', account: 488, theme: 'events', topics: [SE, G, GS] },
  { name: 'Wildfire Season 2020', account: 488, theme: 'events', topics: [SE, SC] },
  { name: 'Cascadia Newspapers Online', account: 488, theme: 'news', topics: [SC] },
  { name: 'State Publications Depository', account: 488, theme: 'government', topics: [G, GS] },
  { name: 'Tribal Nations of Cascadia', account: 488, theme: 'community', topics: [SC, G] },
  {
    name: 'University Archives: Official Websites',
    account: 1068,
    theme: 'university',
    topics: [UL],
  },
  { name: 'University Archives: Student Life', account: 1068, theme: 'university', topics: [UL] },
  { name: 'Student Organizations', account: 1068, theme: 'university', topics: [UL, SC] },
  { name: 'Athletics and Recreation', account: 1068, theme: 'university', topics: [UL] },
  { name: 'Faculty Research Websites', account: 1068, theme: 'university', topics: [UL] },
  { name: 'Campus Social Media', account: 1068, theme: 'social', topics: [UL, BS] },
  { name: 'Alumni Association', account: 1068, theme: 'university', topics: [UL] },
  { name: 'University Press Releases', account: 1068, theme: 'news', topics: [UL] },
  { name: 'Campus Protests and Activism', account: 1068, theme: 'events', topics: [SE, SC, UL] },
  { name: 'Library Exhibits Online', account: 1068, theme: 'arts', topics: [UL, AH] },
  {
    name: 'Pacific Northwest Environmental Groups',
    account: 1068,
    theme: 'community',
    topics: [SC],
  },
  { name: 'Climate Change Research Blogs', account: 1068, theme: 'social', topics: [BS, SC] },
  { name: 'Digital Humanities Projects', account: 1068, theme: 'arts', topics: [AH, UL] },
  { name: 'Graduate Theses Websites', account: 1068, theme: 'university', topics: [UL] },
  { name: 'Campus Newspaper', account: 1068, theme: 'news', topics: [UL, SC] },
  { name: 'Conference Websites', account: 1068, theme: 'university', topics: [UL] },
  { name: 'Contemporary Artists of the Northwest', account: 2135, theme: 'arts', topics: [AH] },
  { name: 'Gallery and Exhibition Websites', account: 2135, theme: 'arts', topics: [AH] },
  { name: 'Artist Social Media', account: 2135, theme: 'social', topics: [AH, BS] },
  { name: 'Art Criticism and Reviews', account: 2135, theme: 'news', topics: [AH] },
  { name: 'Museum Publications', account: 2135, theme: 'arts', topics: [AH] },
  { name: 'Performing Arts Organizations', account: 2135, theme: 'arts', topics: [AH, SC] },
  { name: 'Biennial Exhibitions', account: 2135, theme: 'arts', topics: [AH] },
  { name: 'Arts Funding and Advocacy', account: 2135, theme: 'community', topics: [AH, SC] },
  { name: 'Film and Media Arts', account: 2135, theme: 'arts', topics: [AH] },
  { name: 'Architecture and Design', account: 2135, theme: 'arts', topics: [AH] },
  { name: 'Riverside Neighborhood Associations', account: 3147, theme: 'community', topics: [SC] },
  { name: 'Local Businesses', account: 3147, theme: 'community', topics: [SC] },
  { name: 'Community Blogs', account: 3147, theme: 'social', topics: [BS, SC] },
  { name: 'Riverside City Council', account: 3147, theme: 'government', topics: [G] },
  { name: 'Local News and Media', account: 3147, theme: 'news', topics: [SC] },
  { name: 'Immigrant Communities', account: 3147, theme: 'community', topics: [SC] },
  { name: 'Riverside Flood of 2019', account: 3147, theme: 'events', topics: [SE] },
  { name: 'Faith Communities', account: 3147, theme: 'community', topics: [SC] },
  { name: 'Youth Sports Leagues', account: 3147, theme: 'community', topics: [SC] },
  { name: 'Local Music Scene', account: 3147, theme: 'arts', topics: [AH, SC] },
  { name: 'Public Library Programs', account: 3147, theme: 'community', topics: [UL] },
  { name: 'Local Elections', account: 3147, theme: 'elections', topics: [PE] },
  { name: 'Pandemic Community Response', account: 3147, theme: 'events', topics: [SE, SC] },
  { name: 'Food Banks and Mutual Aid', account: 3147, theme: 'community', topics: [SC] },
  { name: 'Oral History Projects', account: 3147, theme: 'community', topics: [AH, SC] },
  { name: 'Historic Preservation', account: 3147, theme: 'community', topics: [AH, SC] },
  { name: 'Test Collection — do not use', account: 3147, theme: 'community', topics: [] },
  { name: 'New Acquisitions 2026', account: 1068, theme: 'university', topics: [UL] },
];

/** The two last specs are new collections that have no seeds yet. */
export const EMPTY_COLLECTION_COUNT = 2;

export const STATES = ['cascadia', 'oregon', 'washington', 'idaho', 'montana'] as const;
export const AGENCIES = [
  'transportation',
  'health',
  'education',
  'revenue',
  'corrections',
  'agriculture',
  'forestry',
  'elections',
  'parks',
  'lottery',
  'energy',
  'housing',
  'labor',
  'veterans',
  'fishwildlife',
  'emergency',
  'justice',
  'water',
  'commerce',
  'aging',
] as const;
export const AGENCY_TITLES: Record<(typeof AGENCIES)[number], string> = {
  transportation: 'Department of Transportation',
  health: 'Health Authority',
  education: 'Department of Education',
  revenue: 'Department of Revenue',
  corrections: 'Department of Corrections',
  agriculture: 'Department of Agriculture',
  forestry: 'Department of Forestry',
  elections: 'Elections Division',
  parks: 'Parks and Recreation Department',
  lottery: 'State Lottery',
  energy: 'Department of Energy',
  housing: 'Housing and Community Services',
  labor: 'Bureau of Labor and Industries',
  veterans: 'Department of Veterans’ Affairs',
  fishwildlife: 'Department of Fish and Wildlife',
  emergency: 'Office of Emergency Management',
  justice: 'Department of Justice',
  water: 'Water Resources Department',
  commerce: 'Business Development Department',
  aging: 'Office of Aging and People with Disabilities',
};
export const PAGES = [
  'about',
  'news',
  'reports',
  'publications',
  'data',
  'programs',
  'contact',
  'meetings',
  'press-releases',
  'services',
  'events',
  'resources',
  'blog',
  'history',
  'policies',
] as const;
export const CITIES = [
  'riverside',
  'portland',
  'salem',
  'eugene',
  'bend',
  'medford',
  'corvallis',
  'astoria',
  'spokane',
  'tacoma',
  'olympia',
  'boise',
  'hood-river',
  'the-dalles',
  'pendleton',
  'klamath-falls',
] as const;
export const NEWS_NAMES = [
  'tribune',
  'herald',
  'gazette',
  'observer',
  'chronicle',
  'courier',
  'sentinel',
  'news',
  'daily',
  'times',
  'ledger',
  'register',
] as const;
export const FIRST_NAMES = [
  'Maria',
  'James',
  'Aiyana',
  'Wei',
  'Fatima',
  'Carlos',
  'Hannah',
  'Kwame',
  'Priya',
  'Liam',
  'Sofia',
  'Noah',
  'Yuki',
  'Amara',
  'Diego',
  'Elena',
  'Marcus',
  'Leila',
  'Tomás',
  'Grace',
] as const;
export const LAST_NAMES = [
  'Alvarez',
  'Chen',
  'Nakamura',
  'Okafor',
  'Johnson',
  'Haddad',
  'Kowalski',
  'Begay',
  'Singh',
  'O’Brien',
  'Martinez',
  'Lindqvist',
  'Nguyen',
  'Abara',
  'Fischer',
  'Yazzie',
  'Moreau',
  'Park',
  'Rossi',
  'Thompson',
] as const;
export const UNIVERSITY_UNITS = [
  'history',
  'biology',
  'chemistry',
  'music',
  'philosophy',
  'economics',
  'engineering',
  'nursing',
  'law',
  'library',
  'athletics',
  'housing',
  'admissions',
  'research',
  'sustainability',
  'studentaffairs',
  'artmuseum',
  'linguistics',
  'geography',
  'anthropology',
] as const;
export const ORGANIZATION_WORDS = [
  'Friends of',
  'Coalition for',
  'Alliance for',
  'Council on',
  'Society for',
  'Center for',
  'Network for',
  'Association of',
] as const;
export const ORGANIZATION_CAUSES = [
  'Clean Rivers',
  'Affordable Housing',
  'Public Art',
  'Old Growth Forests',
  'Immigrant Rights',
  'Open Government',
  'Food Justice',
  'Historic Theatres',
  'Youth Literacy',
  'Salmon Recovery',
  'Rural Broadband',
  'Tenant Protections',
] as const;
export const ART_WORDS = [
  'studio',
  'gallery',
  'projects',
  'collective',
  'space',
  'works',
  'atelier',
  'annex',
] as const;
export const SOCIAL_SITES = [
  { host: 'twitter.com', label: 'Twitter', path: (h: string) => `/${h}` },
  { host: 'www.facebook.com', label: 'Facebook', path: (h: string) => `/${h}/` },
  { host: 'www.instagram.com', label: 'Instagram', path: (h: string) => `/${h}/` },
  { host: 'www.youtube.com', label: 'YouTube', path: (h: string) => `/@${h}` },
  { host: 'medium.com', label: 'Medium', path: (h: string) => `/@${h}` },
  { host: 'www.tiktok.com', label: 'TikTok', path: (h: string) => `/@${h}` },
  { host: 'bsky.app', label: 'Bluesky', path: (h: string) => `/profile/${h}.bsky.social` },
] as const;

export const SUBJECTS_BY_THEME: Record<Theme, readonly string[]> = {
  government: [
    'Administrative agencies -- Cascadia',
    'Public administration',
    'Government publications -- Cascadia',
    'Legislative bodies -- Cascadia',
    'Public health -- Cascadia',
    'Transportation -- Planning',
    'Natural resources -- Government policy',
    'Budget -- Cascadia',
  ],
  elections: [
    'Elections -- Cascadia',
    'Elections -- United States',
    'Political campaigns -- Cascadia',
    'Political candidates -- Cascadia',
    'Referendum -- Cascadia',
    'Political parties -- Cascadia',
    'Voting -- Cascadia',
  ],
  news: [
    'American newspapers -- Cascadia',
    'Journalism -- Cascadia',
    'Online journalism',
    'Local news -- Cascadia',
    'College student newspapers and periodicals',
  ],
  social: [
    'Social media',
    'Blogs',
    'Online social networks',
    'Internet -- Social aspects',
    'Climatic changes -- Blogs',
  ],
  university: [
    'Universities and colleges -- Cascadia',
    'College students -- Societies, etc.',
    'College sports',
    'Universities and colleges -- Faculty',
    'Academic libraries',
    'Student movements',
  ],
  arts: [
    'Art, Modern -- 21st century',
    'Artists -- Northwest, Pacific',
    'Art galleries, Commercial',
    'Performing arts',
    'Architecture -- Northwest, Pacific',
    'Motion pictures',
    'Digital humanities',
  ],
  events: [
    'COVID-19 (Disease) -- Cascadia',
    'COVID-19 Pandemic, 2020-',
    'Wildfires -- Cascadia',
    'Floods -- Cascadia',
    'Protest movements',
    'Disaster relief',
    'Emergency management',
  ],
  community: [
    'Neighborhoods -- Cascadia',
    'Community organization',
    'Immigrants -- Cascadia',
    'Indians of North America -- Cascadia',
    'Religious institutions',
    'Small business',
    'Historic preservation',
    'Oral history',
    'Food banks',
  ],
};

export const LANGUAGES = [
  'English',
  'English',
  'English',
  'eng',
  'Spanish',
  'English; Spanish',
  'Vietnamese',
  'Chinese',
  'Russian',
  'French',
] as const;
export const TYPES = [
  'Website',
  'Website',
  'Blog',
  'Social media',
  'Text',
  'Moving image',
] as const;
export const RIGHTS = [
  'Rights status not evaluated.',
  'In copyright. Educational use permitted.',
  'This work is in the public domain.',
  'Permission to archive granted by the site owner.',
] as const;
export const COVERAGE = [
  'Cascadia',
  'Portland (Or.)',
  'Riverside (Cascadia)',
  'Pacific Northwest',
  'United States',
  'Willamette Valley',
] as const;
/** Free-form field names with spaces, as curators invent them. */
export const CUSTOM_FIELDS = [
  'Local Call Number',
  'Crawl Notes',
  'Content Warning',
  'Site Owner Contact',
  'Collector Notes',
  'Date Nominated',
] as const;

export const SEED_GROUP_NAMES: Record<Theme, readonly string[]> = {
  government: [
    'Executive agencies',
    'Boards and commissions',
    'Press releases',
    'Reports and publications',
    'Weekly crawl',
    'Quarterly crawl',
  ],
  elections: [
    'Candidates',
    'Ballot measures',
    'Political parties',
    'Advocacy groups',
    'Campaign social media',
  ],
  news: ['Daily papers', 'Weeklies', 'Broadcast', 'Online only', 'Paywalled'],
  social: ['Twitter', 'Instagram', 'YouTube', 'Blogs', 'Video'],
  university: [
    'Departments',
    'Research centers',
    'Student organizations',
    'Athletics',
    'Administration',
  ],
  arts: ['Artists', 'Galleries', 'Exhibitions', 'Publications', 'Performing arts'],
  events: ['News coverage', 'Official response', 'Community response', 'Social media'],
  community: ['Organizations', 'Businesses', 'Faith communities', 'Neighborhoods', 'Schools'],
};
/** Work queues that metadata auditors keep as groups. */
export const WORK_QUEUE_GROUPS = ['Needs metadata', 'Fix', 'QA seeds', 'Do not crawl'] as const;

export const DESCRIPTION_OPENINGS = [
  'Official website of',
  'Blog maintained by',
  'News coverage from',
  'Social media presence of',
  'Archived pages from',
  'Primary web presence for',
] as const;

export interface PressSpec {
  title: string;
  publication: string;
  author: string;
  host: string;
  date: string;
}

export const PRESS_SPECS: readonly PressSpec[] = [
  {
    title: 'The Librarians Racing to Save the Web Before It Disappears',
    publication: 'The Atlantic Northwest',
    author: 'Rebecca Lindqvist',
    host: 'www.atlanticnorthwest.example',
    date: '2014-02-11',
  },
  {
    title: 'State Library Archives Every Agency Website',
    publication: 'Cascadia Tribune',
    author: 'James Okafor',
    host: 'www.cascadiatribune.example',
    date: '2014-06-03',
  },
  {
    title: 'Who Will Remember the Campaign Websites?',
    publication: 'Columbia Review',
    author: 'Priya Singh',
    host: 'columbiareview.example',
    date: '2015-01-20',
  },
  {
    title: 'Capturing a Flood in Real Time',
    publication: 'Riverside Courier',
    author: 'Tomás Martinez',
    host: 'www.riversidecourier.example',
    date: '2019-04-02',
  },
  {
    title: 'How a University Keeps Its Past Online',
    publication: 'Higher Ed Weekly',
    author: 'Grace Park',
    host: 'higheredweekly.example',
    date: '2016-09-14',
  },
  {
    title: 'Preserving Protest: Archivists and the Social Web',
    publication: 'Digital Culture Quarterly',
    author: 'Amara Abara',
    host: 'dcq.example',
    date: '2020-07-08',
  },
  {
    title: 'The Pandemic, As Seen Through 40,000 Web Pages',
    publication: 'Cascadia Public Radio',
    author: 'Wei Chen',
    host: 'www.cascadiapublicradio.example',
    date: '2021-03-15',
  },
  {
    title: 'Museum Archives Artists’ Instagram Accounts',
    publication: 'Art Papers West',
    author: 'Elena Moreau',
    host: 'artpaperswest.example',
    date: '2018-11-27',
  },
  {
    title: 'Web Archiving 101: A Librarian Explains',
    publication: 'Library Journal Online',
    author: 'Kwame Johnson',
    host: 'libraryjournal.example',
    date: '2017-05-09',
  },
  {
    title: 'The Internet Forgets. These Archivists Don’t.',
    publication: 'The Willamette Weekly',
    author: 'Sofia Rossi',
    host: 'www.willametteweekly.example',
    date: '2022-10-31',
  },
  {
    title: 'Election Night, Archived',
    publication: 'Salem Statesman',
    author: 'Marcus Thompson',
    host: 'www.salemstatesman.example',
    date: '2016-11-10',
  },
  {
    title: 'Why Your City’s Website Belongs in a Library',
    publication: 'Governing the West',
    author: 'Hannah Fischer',
    host: 'governingthewest.example',
    date: '2019-08-22',
  },
  {
    title: 'Saving the Small Web: Community Blogs Join the Archive',
    publication: 'Riverside Courier',
    author: 'Diego Alvarez',
    host: 'www.riversidecourier.example',
    date: '2023-02-14',
  },
  {
    title: 'Wildfire Smoke, and the Pages That Told Us Where to Go',
    publication: 'Bend Bulletin Online',
    author: 'Leila Haddad',
    host: 'www.bendbulletin.example',
    date: '2020-10-05',
  },
  {
    title: 'Tribal Nations Partner With State Library on Web Collection',
    publication: 'Native Voices Northwest',
    author: 'Aiyana Begay',
    host: 'nativevoicesnw.example',
    date: '2021-06-18',
  },
  {
    title: 'What Gets Lost When a Newspaper Website Goes Dark',
    publication: 'Columbia Journalism Notes',
    author: 'Noah Kowalski',
    host: 'cjnotes.example',
    date: '2018-03-29',
  },
  {
    title: 'Archiving the Biennial, One Link at a Time',
    publication: 'Art Papers West',
    author: 'Yuki Nakamura',
    host: 'artpaperswest.example',
    date: '2022-05-12',
  },
  {
    title: 'Students Document Campus Life for the Archive',
    publication: 'The Daily Emerald Online',
    author: 'Liam O’Brien',
    host: 'dailyemerald.example',
    date: '2017-10-03',
  },
  {
    title: 'A Conversation About Web Archives and Memory',
    publication: 'Cascadia Public Radio',
    author: 'Fatima Haddad',
    host: 'www.cascadiapublicradio.example',
    date: '2023-09-07',
  },
  {
    title: 'Metadata Matters: Describing the Archived Web',
    publication: 'Library Journal Online',
    author: 'Carlos Nguyen',
    host: 'libraryjournal.example',
    date: '2024-01-16',
  },
  {
    title: 'The 2024 Election Is Already in the Archive',
    publication: 'Cascadia Tribune',
    author: 'Maria Yazzie',
    host: 'www.cascadiatribune.example',
    date: '2024-11-06',
  },
  {
    title: 'How Many Web Pages Does a State Government Publish?',
    publication: 'Governing the West',
    author: 'James Chen',
    host: 'governingthewest.example',
    date: '2025-03-03',
  },
  {
    title: 'Food Banks, Mutual Aid and the Record of a Crisis',
    publication: 'Riverside Courier',
    author: 'Grace Alvarez',
    host: 'www.riversidecourier.example',
    date: '2020-12-01',
  },
  {
    title: 'Ten Years of Saving the State’s Websites',
    publication: 'The Atlantic Northwest',
    author: 'Wei Park',
    host: 'www.atlanticnorthwest.example',
    date: '2025-06-24',
  },
  {
    title: 'Oral Histories Meet Web Archives at the Public Library',
    publication: 'Library Journal Online',
    author: 'Hannah Begay',
    host: 'libraryjournal.example',
    date: '2025-09-30',
  },
  {
    title: 'Archivists Race to Capture Federal Data',
    publication: 'Columbia Review',
    author: 'Marcus Singh',
    host: 'columbiareview.example',
    date: '2017-01-19',
  },
  {
    title: 'The Web Archive as a Research Dataset',
    publication: 'Higher Ed Weekly',
    author: 'Elena Okafor',
    host: 'higheredweekly.example',
    date: '2026-02-10',
  },
  {
    title: 'Local Music Scene, Preserved',
    publication: 'The Willamette Weekly',
    author: 'Diego Fischer',
    host: 'www.willametteweekly.example',
    date: '2026-07-15',
  },
];
