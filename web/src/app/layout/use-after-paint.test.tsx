import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAfterPaint } from './use-after-paint';

/**
 * A browser's paint timing, by hand: the test decides when the first content is on screen.
 * Observers see the entries already there (buffered) and those reported later.
 */
function stubPaintTiming(alreadyPainted: boolean) {
  const observers = new Set<(names: string[]) => void>();
  const painted = alreadyPainted ? ['first-paint', 'first-contentful-paint'] : [];
  class FakePerformanceObserver {
    static supportedEntryTypes = ['paint'];
    private readonly notify: (names: string[]) => void;
    constructor(callback: (entries: { getEntriesByName(name: string): unknown[] }) => void) {
      this.notify = (names) =>
        callback({ getEntriesByName: (name) => names.filter((entry) => entry === name) });
    }
    observe() {
      observers.add(this.notify);
      if (painted.length) queueMicrotask(() => this.notify([...painted]));
    }
    disconnect() {
      observers.delete(this.notify);
    }
  }
  vi.stubGlobal('PerformanceObserver', FakePerformanceObserver);
  return {
    observing: () => observers.size,
    report(name: string) {
      painted.push(name);
      for (const notify of [...observers]) notify([name]);
    },
  };
}

/** Long enough for a frame and the task after it. */
const aFrameAndATask = () => act(() => new Promise((done) => setTimeout(done, 50)));

afterEach(() => vi.unstubAllGlobals());

describe('useAfterPaint: what the frame defers until the first content is on screen', () => {
  it('stays false until the browser reports the first contentful paint, then turns true', async () => {
    const paint = stubPaintTiming(false);
    const { result } = renderHook(() => useAfterPaint());
    await aFrameAndATask();
    expect(result.current).toBe(false);

    act(() => paint.report('first-paint'));
    await aFrameAndATask();
    expect(result.current).toBe(false);

    act(() => paint.report('first-contentful-paint'));
    await aFrameAndATask();
    expect(result.current).toBe(true);
    expect(paint.observing()).toBe(0);
  });

  it('turns true after a frame when the page has already shown content (a screen opened later)', async () => {
    stubPaintTiming(true);
    const { result } = renderHook(() => useAfterPaint());
    expect(result.current).toBe(false);
    await aFrameAndATask();
    expect(result.current).toBe(true);
  });

  it('stops waiting when the component goes away first', async () => {
    const paint = stubPaintTiming(false);
    const { unmount } = renderHook(() => useAfterPaint());
    expect(paint.observing()).toBe(1);
    unmount();
    expect(paint.observing()).toBe(0);
  });

  it('waits for a frame alone where the browser has no paint timing', async () => {
    vi.stubGlobal('PerformanceObserver', { supportedEntryTypes: ['mark', 'measure'] });
    const { result } = renderHook(() => useAfterPaint());
    await aFrameAndATask();
    expect(result.current).toBe(true);
  });
});
