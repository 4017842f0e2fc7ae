/**
 * A small seeded pseudo-random generator (mulberry32) so that the demo data is the same on every run:
 * the same seed and the same sequence of calls give the same values on every machine.
 */
export type Random = {
  /** A number in [0, 1). */
  next: () => number;
  /** An integer in [min, max], both included. */
  int: (min: number, max: number) => number;
  /** A number in [min, max). */
  float: (min: number, max: number) => number;
  chance: (probability: number) => boolean;
  pick: <T>(items: readonly T[]) => T;
  /** One of the values, each as likely as its weight. */
  weighted: <T>(entries: readonly (readonly [T, number])[]) => T;
  /** A shuffled copy. */
  shuffle: <T>(items: readonly T[]) => T[];
  digits: (count: number) => string;
  letters: (count: number) => string;
};

export function createRandom(seed: number): Random {
  let state = seed >>> 0;

  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('Cannot pick from an empty list');
    return items[int(0, items.length - 1)]!;
  };

  return {
    next,
    int,
    float: (min, max) => min + next() * (max - min),
    chance: (probability) => next() < probability,
    pick,
    weighted: (entries) => {
      const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = next() * total;
      for (const [value, weight] of entries) {
        roll -= weight;
        if (roll < 0) return value;
      }
      return entries[entries.length - 1]![0];
    },
    shuffle: (items) => {
      const copy = [...items];
      for (let index = copy.length - 1; index > 0; index--) {
        const other = int(0, index);
        [copy[index], copy[other]] = [copy[other]!, copy[index]!];
      }
      return copy;
    },
    digits: (count) => Array.from({ length: count }, () => String(int(0, 9))).join(''),
    letters: (count) => Array.from({ length: count }, () => pick([...'ABCDEFGHJKLMNPRSTUVWXYZ'])).join(''),
  };
}
