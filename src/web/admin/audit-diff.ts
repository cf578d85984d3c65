export interface DiffLine {
  key: string;
  before: unknown;
  after: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const blank = (value: unknown) => value === null || value === undefined || value === '';

/**
 * The changed keys of an audit entry, before → after. A creation (no before) lists what was set;
 * a deletion lists what was removed; values that are not objects compare as one `value` line.
 */
export const auditDiff = (before: unknown, after: unknown): DiffLine[] => {
  if (!isRecord(before) && !isRecord(after)) {
    return same(before, after) || (blank(before) && blank(after))
      ? []
      : [{ key: 'value', before: before ?? null, after: after ?? null }];
  }
  const from = isRecord(before) ? before : {};
  const to = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  return keys
    .filter((key) => !same(from[key], to[key]) && !(blank(from[key]) && blank(to[key])))
    .map((key) => ({ key, before: from[key] ?? null, after: to[key] ?? null }));
};
