/** A small seeded generator (mulberry32): the same seed gives the same organisation. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    /** An integer in [min, max]. */
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (probability: number) => next() < probability,
    /** Roughly normal around `mean` (sum of uniforms), clamped to [min, max]. */
    around: (mean: number, spread: number, min: number, max: number) => {
      const unit = (next() + next() + next()) / 3 - 0.5;
      return Math.min(max, Math.max(min, mean + unit * 2 * spread));
    },
  };
}

export type Random = ReturnType<typeof createRandom>;
