import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../render';
import { setupPageCatalogue } from './setup';

const { catalogue } = setupPageCatalogue(100);

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
    const description = card.querySelector('.press-description');
    expect(description?.textContent).toBe(item?.description);
    const link = within(card).getByRole('link', { name: /Read the article/ });
    expect(link).toHaveAttribute('href', item?.featured_link);
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('shows a placeholder where an item has no image', async () => {
    renderApp('/press');
    const item = catalogue.pressItems.find((p) => p.image === null);
    const card = (await screen.findByRole('heading', { level: 2, name: item?.title })).closest(
      'article',
    ) as HTMLElement;
    expect(card.querySelector('img')).toBeNull();
    expect(card.querySelector('.press-image-placeholder')).not.toBeNull();
    const withImage = catalogue.pressItems.find((p) => p.image !== null);
    const other = screen
      .getByRole('heading', { level: 2, name: withImage?.title })
      .closest('article') as HTMLElement;
    expect(other.querySelector('img')?.getAttribute('src')).toBe(
      `/press-images/${withImage?.image ?? ''}`,
    );
  });
});
