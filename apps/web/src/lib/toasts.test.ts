import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, errorText, resetToasts, toast, TOAST_MESSAGE_MAX, truncateMessage, useToasts } from './toasts';

beforeEach(() => {
  vi.useFakeTimers();
  resetToasts();
});
afterEach(() => vi.useRealTimers());

describe('toasts (SPEC 4, 8, 9)', () => {
  it('dismisses after 3000 ms, drawn leaving for 400 ms first', () => {
    const { result } = renderHook(() => useToasts());
    act(() => void toast.success('Saved'));
    expect(result.current.map((item) => item.message)).toEqual(['Saved']);
    act(() => vi.advanceTimersByTime(2999));
    expect(result.current[0]!.leaving).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current[0]!.leaving).toBe(true);
    act(() => vi.advanceTimersByTime(399));
    expect(result.current).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toHaveLength(0);
  });

  it('puts important toasts first, errors being important', () => {
    const { result } = renderHook(() => useToasts());
    act(() => {
      toast.success('one');
      toast.error('Save failed', new Error('Server disconnected'));
      toast.info('two', { important: true });
    });
    expect(result.current.map((item) => item.message)).toEqual(['Save failed: Server disconnected', 'two', 'one']);
  });

  it('keeps a spinner toast until it is done, then shows the outcome for 3000 ms', () => {
    const { result } = renderHook(() => useToasts());
    let spinner: ReturnType<typeof toast.spinner> | undefined;
    act(() => void (spinner = toast.spinner('Saving...')));
    act(() => vi.advanceTimersByTime(60_000));
    expect(result.current[0]).toMatchObject({ message: 'Saving...', spinner: true, durationMs: null });
    act(() => spinner!.fail('Save failed', 'Error 500'));
    expect(result.current[0]).toMatchObject({ message: 'Save failed: Error 500', spinner: false, kind: 'error' });
    act(() => vi.advanceTimersByTime(3400));
    expect(result.current).toHaveLength(0);
  });

  it('cuts long messages with ... and formats errors as {title}: {message}', () => {
    const long = 'x'.repeat(TOAST_MESSAGE_MAX + 20);
    expect(truncateMessage(long)).toHaveLength(TOAST_MESSAGE_MAX);
    expect(truncateMessage(long).endsWith('...')).toBe(true);
    expect(truncateMessage('short')).toBe('short');
    expect(errorText('Delete failed', new Error('Not found'))).toBe('Delete failed: Not found');
    expect(errorText('Delete failed', undefined)).toBe('Delete failed');
  });

  it('closes at once when dismissed', () => {
    const { result } = renderHook(() => useToasts());
    let id = 0;
    act(() => void (id = toast.info('Hello')));
    act(() => dismissToast(id));
    expect(result.current[0]!.leaving).toBe(true);
    act(() => vi.advanceTimersByTime(400));
    expect(result.current).toHaveLength(0);
  });
});
