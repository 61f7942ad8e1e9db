import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../render';
import { setupPageCatalogue } from './setup';

const { catalogue, server } = setupPageCatalogue(100);

describe('/press', () => {
  it('shows the press items as cards in list order', async () => {
    renderApp('/press');
    expect(
      await screen.findByText(`${String(catalogue.pressItems.length)} press mentions`),
    ).toBeInTheDocument();
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    const expected = [...catalogue.pressItems]
      .sort((a, b) => a.list_order - b.list_order)
      .map((p) => p.title);
    expect(titles).toEqual(expected);
  });

  it('keeps line breaks and quotation marks in descriptions, and opens articles safely', async () => {
    renderApp('/press');
    const item = catalogue.pressItems[0];
    const card = (await screen.findByRole('heading', { level: 2, name: item?.title })).closest(
      'article',
    ) as HTMLElement;
    // The description as the service wrote it: its line breaks and quotation marks unchanged.
    expect(item?.description).toMatch(/\n.*"/s);
    expect(
      within(card).getByText(item?.description ?? '', { normalizer: (text) => text }),
    ).toBeInTheDocument();
    const link = within(card).getByRole('link', { name: /Read the article/ });
    expect(link).toHaveAttribute('href', item?.featured_link);
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('shows the publication’s initials where an item has no image, or its image fails to load', async () => {
    const [first, second] = catalogue.pressItems;
    const item = (id: number, title: string, image: string | null) => ({
      ...first,
      id,
      title,
      image,
      list_order: id,
      press_footer: 'Ana Lima, The Daily Planet, May 3, 2019',
    });
    server.use(
      http.get('*/api/press_item', () =>
        HttpResponse.json([
          item(1, 'Without a picture', null),
          item(2, 'With one', second?.image ?? ''),
        ]),
      ),
    );
    renderApp('/press');
    const card = async (title: string) =>
      (await screen.findByRole('heading', { level: 2, name: title })).closest(
        'article',
      ) as HTMLElement;
    const without = await card('Without a picture');
    expect(without.querySelector('img')).toBeNull();
    expect(without).toHaveTextContent(/^DP/);
    const withImage = await card('With one');
    const image = withImage.querySelector('img');
    expect(image?.getAttribute('src')).toBe(`/press-images/${second?.image ?? ''}`);
    expect(withImage).not.toHaveTextContent(/^DP/);
    // A picture that cannot be loaded gives way to the same initials, not a broken image.
    fireEvent.error(image as HTMLImageElement);
    expect(withImage.querySelector('img')).toBeNull();
    expect(withImage).toHaveTextContent(/^DP/);
  });
});

describe('/press: finding and ordering', () => {
  const titles = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
  const total = catalogue.pressItems.length;

  it('narrows the cards with a quick filter over title, description and attribution, kept in the address', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/press');
    await screen.findByText(`${String(total)} press mentions`);
    // A word only one publication's attribution lines carry.
    const item = catalogue.pressItems[0];
    const publication = item?.press_footer.split(', ')[1] ?? '';
    const expected = catalogue.pressItems.filter((p) =>
      [p.title, p.description, p.press_footer].some((t) => t.includes(publication)),
    );
    expect(expected.length).toBeLessThan(total);
    await user.type(screen.getByRole('searchbox', { name: 'Quick filter' }), publication);
    expect(
      await screen.findByText(`${String(expected.length)} of ${String(total)} press mentions`),
    ).toBeInTheDocument();
    expect(new Set(titles())).toEqual(new Set(expected.map((p) => p.title)));
    await waitFor(() => {
      expect(new URLSearchParams(router.state.location.search).get('q')).toBe(publication);
    });
  });

  it('says so when the quick filter matches nothing', async () => {
    renderApp('/press?q=zzzqqq');
    expect(
      await screen.findByText('No press mentions match the quick filter.'),
    ).toBeInTheDocument();
    expect(screen.getByText(`0 of ${String(total)} press mentions`)).toBeInTheDocument();
  });

  it('orders the cards newest first or by title, kept in the address', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/press');
    await screen.findByText(`${String(total)} press mentions`);
    const order = screen.getByRole('combobox', { name: 'Order' });
    await user.selectOptions(order, 'Newest first');
    // The attribution line ends with the publication date: "…, July 15, 2026".
    const published = (footer: string) => Date.parse(footer.split(', ').slice(-2).join(', '));
    const newest = [...catalogue.pressItems]
      .sort((a, b) => published(b.press_footer) - published(a.press_footer))
      .map((p) => p.title);
    await waitFor(() => {
      expect(titles()).toEqual(newest);
    });
    expect(new URLSearchParams(router.state.location.search).get('sort')).toBe('newest');
    await user.selectOptions(order, 'Title (A–Z)');
    const byTitle = catalogue.pressItems
      .map((p) => p.title)
      .sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base', numeric: true }));
    await waitFor(() => {
      expect(titles()).toEqual(byTitle);
    });
    expect(new URLSearchParams(router.state.location.search).get('sort')).toBe('title');
  });

  it('opens in the order and with the filter a shared address names', async () => {
    renderApp('/press?sort=title&q=archive');
    await screen.findByText(/ of \d+ press mentions$/);
    expect(screen.getByRole('combobox', { name: 'Order' })).toHaveValue('title');
    expect(screen.getByRole('searchbox', { name: 'Quick filter' })).toHaveValue('archive');
    const shown = titles();
    expect(shown).toEqual(
      [...shown].sort((a, b) =>
        a.localeCompare(b, undefined, { sensitivity: 'base', numeric: true }),
      ),
    );
  });
});
