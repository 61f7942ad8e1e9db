/**
 * The seed filters as an archivist uses them, on a catalogue built for the test: Language values
 * repeated on one seed, blank, and differing only in case; a seed group as a work queue. Every
 * count is worked out here from the catalogue itself, independently of the explorer's engine.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { WireSeedDefault } from '../../../src/contract/wire';
import { generateCatalogue } from '../../../src/server/catalogue/generate';
import { setupCatalogueServer } from '../catalogue-server';
import { renderApp } from '../render';
import { search } from './table-helpers';

const catalogue = generateCatalogue({ seeds: 400 });
// Languages the test controls: every fifth seed English, some "english" or " English ", a few
// with both English and Spanish, some Spanish, some blank, the rest without the field.
catalogue.seeds.forEach((seed, i) => {
  const entries = (values: string[]) =>
    values.map((value, k) => ({ id: 9_000_000 + i * 10 + k, value }));
  const rest = Object.fromEntries(
    Object.entries(seed.metadata).filter(([field]) => field !== 'Language'),
  );
  const language =
    i % 5 === 0
      ? ['English']
      : i % 37 === 0
        ? ['english']
        : i % 41 === 0
          ? [' English ']
          : i % 7 === 0
            ? ['English', 'Spanish', 'English']
            : i % 3 === 0
              ? ['Spanish']
              : i % 11 === 0
                ? ['   ']
                : null;
  seed.metadata = language ? { ...rest, Language: entries(language) } : rest;
});
setupCatalogueServer(catalogue);

const all = catalogue.seeds;
const total = all.length;
const values = (s: WireSeedDefault, field: string) =>
  (s.metadata[field] ?? []).map((e) => e.value).filter((v) => v.trim() !== '');
const hasValue = (field: string, value: string) => (s: WireSeedDefault) =>
  values(s, field).includes(value);
const count = (n: number) => n.toLocaleString();
const english = all.filter(hasValue('Language', 'English'));
const spanish = all.filter(hasValue('Language', 'Spanish'));
const withoutLanguage = all.filter((s) => values(s, 'Language').length === 0);
const group = catalogue.seedGroups.find((g) => all.filter((s) => s.seed_group === g.id).length > 3);
if (!group) throw new Error('the sample has no group with seeds');
const inGroup = all.filter((s) => s.seed_group === group.id);

/** The facet panel's section for a field, and the count beside one of its values. */
async function facet(field: string) {
  const panel = await screen.findByRole('region', { name: 'Refine' });
  const summary = (await within(panel).findAllByText(field, { selector: 'summary bdi' })).find(
    (el) => el.closest('details'),
  );
  const section = summary?.closest('details');
  if (!section) throw new Error(`no facet for ${field}`);
  return section;
}

function valueCount(section: HTMLElement, value: string): number {
  const box = within(section).getByRole('checkbox', { name: new RegExp(`^${value}, `) });
  const text = box.closest('label')?.querySelector('.facet__count')?.textContent ?? '';
  return Number(text.replace(/\D/g, ''));
}

describe('filters by metadata value', () => {
  it('shows the seeds with a value, and counts the other values as if it were not chosen', async () => {
    renderApp('/seeds?where=Language:English');
    expect(
      await screen.findByText(`${count(english.length)} of ${count(total)} seeds`),
    ).toBeInTheDocument();
    const language = await facet('Language');
    await waitFor(() => {
      expect(valueCount(language, 'English')).toBe(english.length);
    });
    // Choosing English does not hide Spanish: its count is over every seed.
    expect(valueCount(language, 'Spanish')).toBe(spanish.length);
    expect(within(language).getByRole('checkbox', { name: /^English, / })).toBeChecked();
    // Values that differ only in case or spaces are not English, and the panel says so.
    const variants = (value: string) => all.filter((s) => values(s, 'Language').includes(value));
    const hint = within(language)
      .getByRole('checkbox', { name: /^English, / })
      .closest('li')
      ?.querySelector('.facet__hint')?.textContent;
    expect(hint).toContain(`${count(variants('english').length)} as “english”`);
    expect(hint).toContain(`${count(variants(' English ').length)} as “ English ”`);
    expect(valueCount(language, '“ English ”')).toBe(variants(' English ').length);
    // A seed with English twice counts once.
    const twice = all.filter((s) => (s.metadata.Language ?? []).length === 3);
    expect(twice.length).toBeGreaterThan(0);
  });

  it('adds a value with a click (any of a field’s values), keeping it in the address', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/seeds?where=Language:English');
    const language = await facet('Language');
    await user.click(within(language).getByRole('checkbox', { name: /^Spanish, / }));
    await waitFor(() => {
      expect(search(router).getAll('where')).toEqual(['Language:English', 'Language:Spanish']);
    });
    const either = all.filter(
      (s) => hasValue('Language', 'English')(s) || hasValue('Language', 'Spanish')(s),
    );
    expect(
      await screen.findByText(`${count(either.length)} of ${count(total)} seeds`),
    ).toBeInTheDocument();
  });

  it('counts coverage with blank values as no value, and lists the seeds without the field', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/seeds');
    const language = await facet('Language');
    const present = total - withoutLanguage.length;
    await waitFor(() => {
      expect(language.querySelector('summary .facet__coverage')?.textContent).toBe(
        `${count(present)} (${String(Math.round((present / total) * 100))}%)`,
      );
    });
    await user.click(within(language).getByRole('checkbox', { name: /^No value, / }));
    await waitFor(() => {
      expect(search(router).getAll('missing')).toEqual(['Language']);
    });
    expect(
      await screen.findByText(`${count(withoutLanguage.length)} of ${count(total)} seeds`),
    ).toBeInTheDocument();
  });
});

describe('the filters in force', () => {
  /** What each chip says the list keeps, from its remove button. */
  const chipTexts = () =>
    within(screen.getByRole('group', { name: 'Filters in force' }))
      .getAllByRole('button', { name: /^Remove the filter: / })
      .map((button) => button.getAttribute('aria-label')?.replace('Remove the filter: ', ''));

  it('says what the list keeps: values of one field or missing fields as any of them, one chip for every filter', async () => {
    const user = userEvent.setup();
    const { router } = renderApp(
      '/seeds?where=Language:English&where=Language:Spanish&missing=Subject&missing=Title&active=true' +
        '&metadata__name=Language&metadata__value__startswith=E&q=www',
    );
    await waitFor(() => {
      expect(chipTexts()).toEqual([
        'Language starting “E”',
        'Language: English or Spanish',
        'no Subject or no Title',
        'active',
        'URL or title containing “www”',
      ]);
    });
    // Different filters all apply, and the chips say so between them.
    const group = screen.getByRole('group', { name: 'Filters in force' });
    expect(within(group).getAllByText('and')).toHaveLength(4);
    await user.click(
      within(group).getByRole('button', {
        name: 'Remove the filter: Language: English or Spanish',
      }),
    );
    await waitFor(() => {
      expect(search(router).getAll('where')).toEqual([]);
    });
    expect(search(router).getAll('missing')).toEqual(['Subject', 'Title']);
    expect(search(router).get('metadata__name')).toBe('Language');
    await user.click(within(group).getByRole('button', { name: 'Clear all filters' }));
    await waitFor(() => {
      expect(router.state.location.search).toBe('');
    });
    expect(screen.queryByRole('group', { name: 'Filters in force' })).toBeNull();
  });

  it('names the collection a list of every seed is narrowed to', async () => {
    const collection = catalogue.collections.find((c) => all.some((s) => s.collection === c.id));
    renderApp(`/seeds?collection=${String(collection?.id)}`);
    await waitFor(() => {
      expect(chipTexts()).toEqual([`in “${collection?.name ?? ''}”`]);
    });
  });
});

describe('the coverage audit of what the table shows', () => {
  const required = ['Title', 'Description', 'Subject', 'Language'];
  const lacksAny = (fields: readonly string[]) => (s: WireSeedDefault) =>
    fields.some((f) => values(s, f).length === 0);

  it('counts the seeds the table shows, says so, and its link lists exactly them', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/seeds?where=Language:Spanish');
    const lacking = spanish.filter(lacksAny(required));
    const link = await screen.findByRole('link', {
      name: `${count(lacking.length)} of these ${count(spanish.length)} seeds`,
    });
    await user.click(link);
    expect(search(router).getAll('where')).toEqual(['Language:Spanish']);
    expect(search(router).getAll('missing')).toEqual(required);
    expect(
      await screen.findByText(`${count(lacking.length)} of ${count(total)} seeds`),
    ).toBeInTheDocument();
  });

  it('with a missing-field filter, counts what every other filter keeps, as a facet does', async () => {
    renderApp('/seeds?where=Language:Spanish&missing=Title');
    const lacking = spanish.filter(lacksAny(required));
    const link = await screen.findByRole('link', {
      name: `${count(lacking.length)} of the ${count(spanish.length)} seeds`,
    });
    expect(link.closest('p')).toHaveTextContent(/the other filters keep lack a required field/);
    const byField = screen.getByRole('link', {
      name: `Description: ${count(spanish.filter(lacksAny(['Description'])).length)} missing`,
    });
    expect(byField).toHaveAttribute('href', '/seeds?where=Language%3ASpanish&missing=Description');
  });

  it('changes the required fields, and remembers them', async () => {
    const user = userEvent.setup();
    renderApp('/seeds');
    await screen.findByRole('link', { name: / of \d+ seeds$/ });
    await user.click(screen.getByRole('button', { name: /^Change/ }));
    const editor = await screen.findByRole('group', { name: 'Fields required of seeds' });
    await user.click(within(editor).getByRole('checkbox', { name: 'Subject' }));
    expect(screen.getByText(/^Required: Title, Description, Language\.$/)).toBeVisible();
    const lacking = all.filter((s) =>
      ['Title', 'Description', 'Language'].some((f) => values(s, f).length === 0),
    );
    expect(
      screen.getByRole('link', { name: `${count(lacking.length)} of ${count(total)} seeds` }),
    ).toBeVisible();
    expect(localStorage.getItem('catalogue-explorer:required-fields:seed')).toContain('Language');
    await user.click(
      within(editor).getByRole('button', {
        name: 'Back to Title, Description, Subject, Language',
      }),
    );
    expect(screen.getByText(/^Required: Title, Description, Subject, Language\.$/)).toBeVisible();
    expect(localStorage.getItem('catalogue-explorer:required-fields:seed')).toBeNull();
  });

  it('lists the seeds lacking any of other fields, without changing the required ones', async () => {
    const user = userEvent.setup();
    renderApp('/seeds?where=Language:Spanish');
    await screen.findByRole('link', { name: / of these / });
    await user.click(screen.getByRole('button', { name: /^Check other fields/ }));
    // The editors' code loads when one is first opened.
    const choice = await screen.findByRole('group', { name: 'Seeds lacking any of these fields' });
    await user.click(within(choice).getByRole('checkbox', { name: 'Creator' }));
    await user.click(within(choice).getByRole('checkbox', { name: 'Date' }));
    const lacking = spanish.filter(lacksAny(['Creator', 'Date']));
    const link = within(choice).getByRole('link', {
      name: `${count(lacking.length)} of these ${count(spanish.length)} seeds`,
    });
    expect(link).toHaveAttribute(
      'href',
      '/seeds?where=Language%3ASpanish&missing=Creator&missing=Date',
    );
    expect(screen.getByText(/^Required: Title, Description, Subject, Language\.$/)).toBeVisible();
    expect(localStorage.length).toBe(0);
  });
});

describe('seed groups as work queues', () => {
  it('shows a group’s seeds, names the group, and clears it', async () => {
    const user = userEvent.setup();
    const { router } = renderApp(`/seeds?seed_group=${String(group.id)}`);
    expect(
      await screen.findByText(
        `Seeds in group “${group.name}” · ${count(inGroup.length)} of ${count(total)}`,
        { exact: false },
      ),
    ).toBeInTheDocument();
    const chips = screen.getByRole('group', { name: 'Filters in force' });
    await user.click(within(chips).getByRole('button', { name: /Remove the filter: in group/ }));
    await waitFor(() => {
      expect(search(router).has('seed_group')).toBe(false);
    });
    expect(await screen.findByText(`${count(total)} seeds`)).toBeInTheDocument();
  });

  it('shows the seeds in no group', async () => {
    const none = all.filter((s) => s.seed_group === null);
    renderApp('/seeds?seed_group=none');
    expect(
      await screen.findByText(`Seeds in no group · ${count(none.length)} of ${count(total)}`),
    ).toBeInTheDocument();
  });

  it('leads from a seed’s group to the group’s seeds', async () => {
    const seed = inGroup[0];
    renderApp(`/seeds?seed=${String(seed?.id)}`);
    const panel = await screen.findByRole('complementary');
    const link = await within(panel).findByRole('link', { name: group.name });
    expect(link).toHaveAttribute('href', `/seeds?seed_group=${String(group.id)}`);
  });
});

describe('filters that cannot be met', () => {
  it.each([
    ['where=Language', /“Language” has no colon/],
    ['seed_group=abc', /“abc” is not a seed group id or none/],
    ['active=yes', /“yes” is not true or false/],
    ['created=2024-13', /“2024-13” is not a month/],
  ])('%s says why and shows no seed, never every seed', async (query, message) => {
    renderApp(`/seeds?${query}`);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(await screen.findByText('No seeds match these filters.')).toBeInTheDocument();
  });

  it.each([
    ['seed_group=999999999', /There is no seed group with the id 999999999/],
    ['where=No such field:x', /No such field/],
  ])('%s, which no seed has, says so and shows no seed', async (query, message) => {
    renderApp(`/seeds?${query}`);
    expect(await screen.findByText(message, { selector: 'bdi' })).toBeInTheDocument();
    expect(await screen.findByText('No seeds match these filters.')).toBeInTheDocument();
  });
});

describe('the coverage audit', () => {
  it('says how many seeds lack a required field, and links to them', async () => {
    const required = ['Title', 'Description', 'Subject', 'Language'];
    const lacking = all.filter((s) => required.some((f) => values(s, f).length === 0));
    renderApp('/seeds');
    const link = await screen.findByRole('link', {
      name: `${count(lacking.length)} of ${count(total)} seeds`,
    });
    expect(link).toHaveAttribute(
      'href',
      '/seeds?missing=Title&missing=Description&missing=Subject&missing=Language',
    );
  });

  it('lists each field of a collection’s seeds, with the seeds without it', async () => {
    const collection = catalogue.collections.find(
      (c) => all.filter((s) => s.collection === c.id).length > 20,
    );
    if (!collection) throw new Error('no collection with seeds');
    const seeds = all.filter((s) => s.collection === collection.id);
    const without = seeds.filter((s) => values(s, 'Language').length === 0).length;
    renderApp(`/collections/${String(collection.id)}/metadata`);
    const table = await screen.findByRole('table', { name: /Metadata fields of the/ });
    const row = within(table).getByRole('rowheader', { name: 'Language' }).closest('tr');
    expect(row).not.toBeNull();
    const link = within(row as HTMLElement).getByRole('link');
    expect(link).toHaveTextContent(count(without));
    expect(link).toHaveAttribute(
      'href',
      `/collections/${String(collection.id)}/seeds?missing=Language`,
    );
  });

  it('lists the collections lacking a field on /collections', async () => {
    const lacking = catalogue.collections.filter((c) =>
      ((c.metadata.Description ?? []) as { value: string }[]).every((e) => e.value.trim() === ''),
    );
    renderApp('/collections?missing=Description');
    expect(
      await screen.findByText(
        `${count(lacking.length)} of ${count(catalogue.collections.length)} collections`,
      ),
    ).toBeInTheDocument();
  });
});

describe('metadata as columns', () => {
  it('offers every field as a column, sortable, with the choice remembered', async () => {
    const user = userEvent.setup();
    const first = renderApp('/seeds');
    await screen.findByText(`${count(total)} seeds`);
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    const fields = await screen.findByRole('group', { name: 'Metadata fields' });
    await user.click(within(fields).getByRole('checkbox', { name: 'Language' }));
    const grid = screen.getByRole('grid', { name: 'Seeds' });
    const header = within(grid).getByRole('columnheader', { name: /Language/ });
    await user.click(within(header).getByRole('button'));
    await waitFor(() => {
      expect(search(first.router).get('sort')).toBe('meta:Language');
    });
    first.unmount();
    // Back again: the column is still chosen, and the sort from the address applies to it.
    renderApp('/seeds?sort=-meta:Language');
    const again = await screen.findByRole('grid', { name: 'Seeds' });
    await waitFor(() => {
      expect(within(again).getByRole('columnheader', { name: /Language/ })).toHaveAttribute(
        'aria-sort',
        'descending',
      );
    });
    expect(screen.queryByText(/There is no column/)).toBeNull();
  });

  it('names a metadata field titled like a seed’s own column apart: one Type, and Type (metadata)', async () => {
    const user = userEvent.setup();
    expect(all.some((s) => values(s, 'Type').length > 0)).toBe(true);
    renderApp('/seeds');
    await screen.findByText(`${count(total)} seeds`);
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    const panel = await screen.findByRole('group', { name: 'Columns of Seeds' });
    expect(within(panel).getAllByRole('checkbox', { name: 'Type' })).toHaveLength(1);
    const fields = within(panel).getByRole('group', { name: 'Metadata fields' });
    expect(within(fields).queryByRole('checkbox', { name: 'Type' })).toBeNull();
    await user.click(within(fields).getByRole('checkbox', { name: 'Type (metadata)' }));
    const grid = screen.getByRole('grid', { name: 'Seeds' });
    expect(within(grid).getByRole('columnheader', { name: /^Type \(metadata\)/ })).toBeVisible();
    expect(within(grid).getAllByRole('columnheader', { name: /^Type/ })).toHaveLength(2);
  });
});
