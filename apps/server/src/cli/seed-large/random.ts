/**
 * A small seeded generator (mulberry32): the same scale gives the same firm on every run,
 * so a figure measured on it can be reproduced.
 */
export type Random = {
  next: () => number;
  int: (maxExclusive: number) => number;
  between: (min: number, max: number) => number;
  chance: (probability: number) => boolean;
  pick: <T>(items: readonly T[]) => T;
  weighted: <T>(items: readonly { weight: number; value: T }[]) => T;
  sample: <T>(items: readonly T[], count: number) => T[];
};

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
  const int = (maxExclusive: number): number => Math.floor(next() * maxExclusive);
  return {
    next,
    int,
    between: (min, max) => min + int(max - min + 1),
    chance: (probability) => next() < probability,
    pick: (items) => items[int(items.length)]!,
    weighted: (items) => {
      const total = items.reduce((sum, item) => sum + item.weight, 0);
      let point = next() * total;
      for (const item of items) {
        point -= item.weight;
        if (point < 0) return item.value;
      }
      return items[items.length - 1]!.value;
    },
    sample: (items, count) => {
      const pool = [...items];
      const chosen: (typeof items)[number][] = [];
      while (chosen.length < count && pool.length > 0) {
        const index = int(pool.length);
        chosen.push(pool[index]!);
        pool[index] = pool[pool.length - 1]!;
        pool.pop();
      }
      return chosen;
    },
  };
}
