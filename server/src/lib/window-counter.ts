/**
 * Counts events per key in fixed windows that start with a key's first event, and says how long
 * a key over its limit has to wait. Synchronous and allocation-free on a counted event: it runs
 * on every signed-in request, by account, and on anonymous ones, by address
 * (plugins/request-limit.ts).
 *
 * At most `maxKeys` are counted; past that the keys whose window is over go, and if none has
 * ended, the oldest tenth (they start again from nothing: a count lost is a few requests more
 * for an account or an address, never one refused wrongly).
 */
export interface WindowCounter<K> {
  /** Counts one event for `key`: 0 when within the limit, else the seconds until its window ends. */
  count(key: K, now?: number): number;
  readonly size: number;
}

interface Window {
  endsAt: number;
  events: number;
}

export function createWindowCounter<K>({
  limit,
  windowMs,
  maxKeys,
}: {
  limit: number;
  windowMs: number;
  maxKeys: number;
}): WindowCounter<K> {
  const windows = new Map<K, Window>();

  function makeRoom(now: number) {
    for (const [key, window] of windows) if (window.endsAt <= now) windows.delete(key);
    let excess = windows.size - Math.floor(maxKeys * 0.9);
    for (const key of windows.keys()) {
      if (excess-- <= 0) break;
      windows.delete(key);
    }
  }

  return {
    count(key, now = Date.now()) {
      const window = windows.get(key);
      if (window && window.endsAt > now) {
        window.events += 1;
        return window.events <= limit ? 0 : Math.ceil((window.endsAt - now) / 1000);
      }
      if (window) {
        window.endsAt = now + windowMs;
        window.events = 1;
      } else {
        if (windows.size >= maxKeys) makeRoom(now);
        windows.set(key, { endsAt: now + windowMs, events: 1 });
      }
      // A window's first event is always admitted: the limit is 1 at least (config.ts).
      return 0;
    },
    get size() {
      return windows.size;
    },
  };
}
