/**
 * The activity facets of /collections with the service's public representation, which gives no
 * user names for collections: each counts as unknown, the panel says why, and nothing is dropped.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { visitorsCatalogue } from '../../../src/server/catalogue/engine';
import { generateCatalogue } from '../../../src/server/catalogue/generate';
import { setupCatalogueServer } from '../catalogue-server';
import { renderApp } from '../render';

const { catalogue: account } = setupCatalogueServer(generateCatalogue({ seeds: 600 }), {
  representation: 'public',
});
const { collections } = visitorsCatalogue(account);

describe('the activity facets of the public representation', () => {
  it('count every collection’s adder as unknown and say why', async () => {
    renderApp('/collections');
    await screen.findByText(`${String(collections.length)} collections`, {}, { timeout: 20_000 });
    await userEvent.click(screen.getByRole('button', { name: 'Show the facets' }));
    const added = await screen.findByRole('region', { name: 'Added by' }, { timeout: 20_000 });
    expect(within(added).queryAllByRole('checkbox')).toEqual([]);
    const dated = collections.filter((c) => typeof c.created_date === 'string').length;
    expect(dated).toBeGreaterThan(0);
    expect(within(added).getByText('Unknown').nextSibling?.textContent).toBe(String(dated));
    expect(
      screen.getByText(
        /gave no user names for these collections \(it gives none without an account\)/,
      ),
    ).toBeInTheDocument();
  }, 40_000);
});
