import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useQuickFilter } from '../../../src/lib/use-debounced';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the quick filter', () => {
  it('filters with each key at once and writes the URL only after a pause', () => {
    const commit = vi.fn<(value: string) => void>();
    const { result } = renderHook(({ outside }) => useQuickFilter(outside, commit), {
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
    const { result, rerender } = renderHook(({ outside }) => useQuickFilter(outside, commit), {
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
    const { result, rerender } = renderHook(({ outside }) => useQuickFilter(outside, commit), {
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
    const { result } = renderHook(() => useQuickFilter('', commit));
    act(() => {
      result.current.setText('q');
    });
    act(() => {
      result.current.commitNow();
    });
    expect(commit).toHaveBeenCalledWith('q');
  });
});
