/** SPEC 9 sum helper: adds a list, optionally by a named numeric field, from an initial value. */
export function sum<T>(items: readonly T[], field?: keyof T, initial = 0): number {
  return items.reduce<number>((total, item) => {
    const value = field === undefined ? item : item[field];
    return total + (typeof value === 'number' ? value : Number(value ?? 0));
  }, initial);
}
