/*
 * The subset of JSON Schema that the OpenAPI document (and our model of better-auth) uses, and
 * whether a value meets it. The fuzz suite checks itself with it: the generators keep only values
 * that break a schema, and every request is checked before it is sent (fuzz-requests.ts), so a
 * generator that made a valid request fails the run instead of testing nothing.
 */

export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: unknown;
  items?: Schema;
  anyOf?: Schema[];
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
}

/** Nesting too deep to build as a value (JSON.stringify would overflow): written into the text. */
export class Deep {
  constructor(
    readonly depth: number,
    readonly kind: 'array' | 'object',
    readonly leaf: string,
  ) {}
  text() {
    return this.kind === 'array'
      ? `${'['.repeat(this.depth)}${this.leaf}${']'.repeat(this.depth)}`
      : `${'{"a":'.repeat(this.depth)}${this.leaf}${'}'.repeat(this.depth)}`;
  }
  /** What the validator judges: the same shape, a few levels deep. */
  standIn() {
    let value: unknown = JSON.parse(this.leaf);
    for (let i = 0; i < Math.min(this.depth, 3); i++)
      value = this.kind === 'array' ? [value] : { a: value };
    return value;
  }
}

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Deep);

const hasType = (type: string, v: unknown) =>
  ({
    string: typeof v === 'string',
    integer: Number.isInteger(v),
    number: typeof v === 'number' && Number.isFinite(v),
    boolean: typeof v === 'boolean',
    null: v === null,
    array: Array.isArray(v),
    object: isObject(v),
  })[type] ?? true;

const formats: Record<string, (v: string) => boolean> = {
  uuid: (v) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v),
  'date-time': (v) =>
    /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/.test(v) &&
    !Number.isNaN(Date.parse(v)),
  email: (v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v),
};

const isValidText = (s: Schema, v: string) => {
  const length = [...v].length;
  return (
    !v.includes('\0') &&
    length >= (s.minLength ?? 0) &&
    length <= (s.maxLength ?? Infinity) &&
    (s.pattern === undefined || new RegExp(s.pattern).test(v)) &&
    (s.format === undefined || (formats[s.format]?.(v) ?? true)) &&
    (s.enum === undefined || s.enum.includes(v))
  );
};

/** Whether a value meets a schema. Text holding U+0000 never does: the API refuses it anywhere. */
export const isValid = (s: Schema, value: unknown): boolean => {
  const v = value instanceof Deep ? value.standIn() : value;
  if (s.anyOf) return s.anyOf.some((x) => isValid(x, v));
  if (s.enum && typeof v !== 'string' && !s.enum.includes(v)) return false;
  if (s.type !== undefined && ![s.type].flat().some((t) => hasType(t, v))) return false;
  // Many fields are trimmed before they are checked, which JSON Schema cannot say: text counts as
  // broken only when it breaks the schema trimmed or not.
  if (typeof v === 'string') return isValidText(s, v) || isValidText(s, v.trim());
  if (typeof v === 'number') return v >= (s.minimum ?? -Infinity) && v <= (s.maximum ?? Infinity);
  if (Array.isArray(v))
    return (
      v.length >= (s.minItems ?? 0) &&
      v.length <= (s.maxItems ?? Infinity) &&
      v.every((x) => !s.items || isValid(s.items, x))
    );
  if (isObject(v))
    return (
      (s.required ?? []).every((k) => Object.hasOwn(v, k)) &&
      Object.entries(s.properties ?? {}).every(([k, x]) => !Object.hasOwn(v, k) || isValid(x, v[k]))
    );
  return true;
};

/** A query value as text: integers are digits in range, everything else as its schema says. */
export const isValidQuery = (s: Schema, v: unknown) =>
  typeof v === 'string' && [s.type].flat().includes('integer')
    ? /^-?\d+$/.test(v.trim()) && isValid(s, Number(v))
    : isValid(s, v);

/** The types a schema allows, through its alternatives. */
export const typesOf = (s: Schema): string[] =>
  s.anyOf ? s.anyOf.flatMap(typesOf) : [s.type ?? []].flat();
