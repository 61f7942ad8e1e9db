import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QuickFilterBox } from '../../../src/components/filters';
import { useQuickFilter, useQuickFilterBox } from '../../../src/lib/use-debounced';

/** The page's side and the box's side of a quick filter, as one hook. */
function useBoth(outside: string, commit: (value: string) => void) {
  const quick = useQuickFilter(outside, commit);
  const box = useQuickFilterBox(quick.box);
  return { text: box.text, setText: box.type, commitNow: box.commitNow, query: quick.query };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the quick filter', () => {
  it('filters with each key at once and writes the URL only after a pause', () => {
    const commit = vi.fn<(value: string) => void>();
    const { result } = renderHook(({ outside }) => useBoth(outside, commit), {
      initialProps: { outside: '' },
    });
    act(() => {
      result.current.setText('elec');
    });
    expect(result.current.text).toBe('elec');
    expect(result.current.query).toBe('elec');
    expect(commit).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(450);
    });
    expect(commit).toHaveBeenCalledTimes(1);
    expect(commit).toHaveBeenCalledWith('elec');
  });

  it('follows the URL when it changes from outside, as on Back', () => {
    const commit = vi.fn<(value: string) => void>();
    const { result, rerender } = renderHook(({ outside }) => useBoth(outside, commit), {
      initialProps: { outside: 'elections' },
    });
    rerender({ outside: 'press' });
    expect(result.current.text).toBe('press');
    expect(result.current.query).toBe('press');
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(commit).not.toHaveBeenCalled();
  });

  it('keeps what was typed after a pause when the URL catches up with the pause', () => {
    const commit = vi.fn<(value: string) => void>();
    const { result, rerender } = renderHook(({ outside }) => useBoth(outside, commit), {
      initialProps: { outside: '' },
    });
    act(() => {
      result.current.setText('q');
    });
    act(() => {
      vi.advanceTimersByTime(450);
    });
    expect(commit).toHaveBeenLastCalledWith('q');
    // The box is emptied before the address has taken the "q" it was given.
    act(() => {
      result.current.setText('');
    });
    rerender({ outside: 'q' });
    expect(result.current.text).toBe('');
    expect(result.current.query).toBe('');
    act(() => {
      vi.advanceTimersByTime(450);
    });
    expect(commit).toHaveBeenLastCalledWith('');
    // Once caught up, the URL leads again: a link away and Back to "q" bring "q" back.
    rerender({ outside: '' });
    rerender({ outside: 'news' });
    rerender({ outside: 'q' });
    expect(result.current.text).toBe('q');
  });

  it('writes the URL at once on Enter', () => {
    const commit = vi.fn<(value: string) => void>();
    const { result } = renderHook(() => useBoth('', commit));
    act(() => {
      result.current.setText('q');
    });
    act(() => {
      result.current.commitNow();
    });
    expect(commit).toHaveBeenCalledWith('q');
  });

  it('shows a key in the box without rendering the page for it; the page renders once, with the query', () => {
    const commit = vi.fn<(value: string) => void>();
    const queries: string[] = [];
    function Page() {
      const quick = useQuickFilter('', commit);
      queries.push(quick.query);
      return <QuickFilterBox label="Quick filter" link={quick.box} />;
    }
    render(<Page />);
    expect(queries).toEqual(['']);
    fireEvent.change(screen.getByLabelText('Quick filter'), { target: { value: 'e' } });
    expect(screen.getByLabelText<HTMLInputElement>('Quick filter').value).toBe('e');
    expect(queries).toEqual(['', 'e']);
  });

  it('leaves the page on the URL’s query when the address changes under a box left alone', () => {
    const commit = vi.fn<(value: string) => void>();
    function Page({ outside }: { outside: string }) {
      const quick = useQuickFilter(outside, commit);
      return (
        <>
          <QuickFilterBox label="Quick filter" link={quick.box} />
          <output>{quick.query}</output>
        </>
      );
    }
    const { rerender } = render(<Page outside="news" />);
    rerender(<Page outside="press" />);
    expect(screen.getByLabelText<HTMLInputElement>('Quick filter').value).toBe('press');
    expect(screen.getByRole('status').textContent).toBe('press');
  });
});
