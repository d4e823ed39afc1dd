/** Data objects a service hands out again and again, unchanged (`unchanging`). */
const unchangingData = new WeakSet<object>();

function deepFreeze(value: unknown) {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const inner of Object.values(value)) deepFreeze(inner);
}

/**
 * Marks the data of an answer that a service remembers and hands out as it is until what it
 * shows changes (the top ranking per limit, say): frozen, so that nothing changes it on the
 * way, and checked and serialised once per route instead of on every answer
 * (lib/response-serializer.ts).
 */
export function unchanging<T extends object>(data: T): T {
  deepFreeze(data);
  unchangingData.add(data);
  return data;
}

/** Whether `data` was marked by `unchanging`. */
export function isUnchanging(data: object): boolean {
  return unchangingData.has(data);
}
