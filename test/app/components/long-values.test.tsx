/**
 * Long and numerous values from the catalogue: a long text shows its beginning with a "Show more"
 * toggle, a field with many values shows the first ten with "Show all", and both stay text.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Metadata } from '../../../src/api/records';
import { ClampedText } from '../../../src/components/clamped-text';
import { MetadataList, VALUES_SHOWN } from '../../../src/components/metadata-list';

const entries = (n: number, value = (i: number) => `Value ${String(i + 1)}`) =>
  Array.from({ length: n }, (_, i) => ({ id: 1_000 + i, value: value(i) }));

describe('a long text', () => {
  it('shows its beginning, and the rest on request', async () => {
    const user = userEvent.setup();
    const text = `${'word '.repeat(400)}THE END`;
    render(<ClampedText text={text} maxChars={100} label="the description" />);
    const toggle = screen.getByRole('button', { name: 'Show more of the description' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.body).not.toHaveTextContent('THE END');
    expect(document.body.textContent.length).toBeLessThan(200);
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Show less of the description');
    expect(document.body).toHaveTextContent('THE END');
    await user.click(toggle);
    expect(document.body).not.toHaveTextContent('THE END');
  });

  it('cuts at a line limit too, so a text of a thousand short lines stays short', () => {
    render(<ClampedText text={'line\n'.repeat(1_000)} maxChars={10_000} maxLines={5} />);
    expect(document.body.textContent.split('line').length - 1).toBe(5);
    expect(screen.getByRole('button', { name: 'Show more' })).toBeInTheDocument();
  });

  it('opens a text of a mebibyte whole, in parts that lose no character', async () => {
    const user = userEvent.setup();
    const words = `${'word '.repeat(200_000)}THE END`;
    const lines = 'a line of text\n'.repeat(70_000);
    // Neither a space nor a line break: parts end anywhere but inside a character.
    const faces = '😀'.repeat(400_000);
    for (const [text, between] of [
      [words, ''],
      [lines, '\n'],
      [faces, ''],
    ] as const) {
      const { container, unmount } = render(<ClampedText text={text} maxChars={1_000} />);
      await user.click(screen.getByRole('button', { name: 'Show more' }));
      const parts = [...container.querySelectorAll('.text-part')].map((p) => p.textContent);
      expect(parts.length).toBeGreaterThan(40);
      // A part that ends at a line break stands for it: the block's end is the break.
      expect(parts.join(between)).toBe(text);
      expect(Math.max(...parts.map((p) => p.length))).toBeLessThanOrEqual(4_096);
      expect(parts.filter((p) => /[\uD800-\uDBFF]$/.test(p))).toEqual([]);
      unmount();
    }
  });

  it('leaves a short text alone', () => {
    render(<ClampedText text="Short." />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(document.body).toHaveTextContent('Short.');
  });
});

describe('metadata with many values', () => {
  it('shows the first ten of a field, and all of them on request', async () => {
    const user = userEvent.setup();
    // 1,200 rather than 10,000, which jsdom renders slowly; the browser tests take 10,000.
    const metadata: Metadata = { Subject: entries(1_200), Title: entries(1) };
    render(<MetadataList metadata={metadata} />);
    const subject = screen.getByText('Subject').closest('div') as HTMLElement;
    expect(within(subject).getByText('(1,200)')).toBeInTheDocument();
    expect(subject.querySelectorAll('dd.metadata-value')).toHaveLength(VALUES_SHOWN);
    const all = within(subject).getByRole('button', { name: 'Show all 1,200 values of Subject' });
    expect(all).toHaveAttribute('aria-expanded', 'false');
    await user.click(all);
    expect(subject.querySelectorAll('dd.metadata-value')).toHaveLength(1_200);
    expect(within(subject).getByText('Value 1200')).toBeInTheDocument();
    await user.click(
      within(subject).getByRole('button', { name: 'Show the first 10 values only of Subject' }),
    );
    expect(subject.querySelectorAll('dd.metadata-value')).toHaveLength(VALUES_SHOWN);
  });

  it('shows markup and script in names and values as text', () => {
    const markup = '<img src=x onerror="window.__pwned = 1">';
    render(
      <MetadataList metadata={{ [markup]: entries(2, () => `<script>${markup}</script>`) }} />,
    );
    expect(screen.getByText(markup)).toBeInTheDocument();
    expect(screen.getAllByText(`<script>${markup}</script>`)).toHaveLength(2);
    expect(document.querySelector('img, script')).toBeNull();
  });
});
