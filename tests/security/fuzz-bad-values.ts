import fc from 'fast-check';
import { Deep, isObject, isValid, typesOf, type Schema } from './fuzz-schema';

/*
 * Values that break a schema (wrong types, texts that break a length, pattern, format or list of
 * values, U+0000, numbers out of range, nesting too deep), the places in a body where one can sit,
 * and how such values are written out: in a report (`show`) and as JSON text (`serialise`).
 */

export const REMOVE = Symbol('remove');
const chars = ['a', 'é', '字', '😀', '\uD800', '%', '.', '/'];
const wrongTypes: unknown[] = [null, true, 0, -1, 1.5, 1e308, '', 'x', '1', 'true', [], ['x'], {}];
const withNul = ['\0', 'Ann\0', '\0\0\0x', 'fz_1\0'];
// prettier-ignore
const patternBreakers = [
  '', 'A', 'ab', '1abc', 'abc-def', 'UPPER', 'no slash', '/', '/a', '/-x', '//evil.example',
  'https://evil.example/x', 'javascript:alert(1)', '-2026', '2026_27', '../etc', 'é', '😀',
  '\uD800', 'a'.repeat(70), `/${'a'.repeat(70)}`,
];
// prettier-ignore
const formatBreakers = [
  'not-a-uuid', '00000000-0000-0000-0000-00000000000g', '{00000000-0000-4000-8000-000000000000}',
  'tomorrow', '2030-02-30T25:61:00Z', '2030-06-01',
  'plainaddress', 'a@', '@example.com', 'a b@example.com', 'a@@example.com',
];
/** Path values that are no resource (or not even text the router can decode). */
// prettier-ignore
export const unknownIds = [
  '0', '-1', '123', '1e3', 'null', 'undefined', '[]', 'ünïcödé', '字', '😀', '\uD800', '../x',
  '../../etc/passwd', ' ', "x' or '1'='1", '<script>', 'a'.repeat(64),
  '00000000-0000-4000-8000-000000000000',
];
export const rawSegments = ['%00', 'a%00b', '%', '%zz', '%ED%A0%80', '%C0%AF', '%FF', '%2e%2e%2fx'];

const oversized = (max: number) =>
  fc
    .record({
      ch: fc.constantFrom(...chars),
      extra: max >= 100_000 ? fc.constant(0) : fc.constantFrom(0, 7, 10_000),
    })
    .map(({ ch, extra }) => ch.repeat(max + 1 + extra));

const deep = (kinds: ('array' | 'object')[]) =>
  fc
    .record({
      depth: fc.oneof(fc.integer({ min: 2, max: 40 }), fc.constantFrom(1_000, 10_000, 30_000)),
      kind: fc.constantFrom(...kinds),
      leaf: fc.constantFrom('null', '1', '"x"', '"\\u0000"'),
    })
    .map(({ depth, kind, leaf }) => new Deep(depth, kind, leaf));

/** Texts that break a string schema (its length, pattern, format or values; U+0000). */
export const badStrings = (s: Schema, valid = isValid): fc.Arbitrary<string>[] => {
  const fixed = [
    ...patternBreakers,
    ...formatBreakers,
    ...(s.enum ?? []).flatMap((e) => [String(e).toUpperCase(), ` ${String(e)}`, `${String(e)}x`]),
  ].filter((v) => !valid(s, v));
  return [
    fc.constantFrom(...withNul),
    ...(fixed.length > 0 ? [fc.constantFrom(...fixed)] : []),
    ...(s.maxLength !== undefined ? [oversized(s.maxLength)] : []),
  ];
};

/** Values that break a schema; REMOVE (leave it out) where it is required. */
export const badValues = (s: Schema, base: unknown, required: boolean): fc.Arbitrary<unknown> => {
  const types = typesOf(s);
  const options: fc.Arbitrary<unknown>[] = [];
  const wrong = wrongTypes.filter((v) => !isValid(s, v));
  if (wrong.length > 0) options.push(fc.constantFrom(...wrong));
  const kinds = (['array', 'object'] as const).filter((k) => !isValid(s, new Deep(3, k, 'null')));
  if (kinds.length > 0) options.push(deep([...kinds]));
  if (required) options.push(fc.constant(REMOVE));
  if (types.includes('string')) options.push(...badStrings(s));
  if (types.includes('integer') || types.includes('number')) {
    const min = s.minimum ?? 0;
    const numbers = [min - 1, (s.maximum ?? 0) + 1, min + 0.5, 1e308, -1e308, 2 ** 53 + 2];
    const bad = numbers.filter((v) => !isValid(s, v));
    if (bad.length > 0) options.push(fc.constantFrom(...bad));
  }
  if (types.includes('array')) {
    if ((s.minItems ?? 0) > 0) options.push(fc.constant([]));
    const item = Array.isArray(base) ? base[0] : undefined;
    if (s.maxItems !== undefined && item !== undefined)
      options.push(fc.constant(Array.from({ length: s.maxItems + 1 }, () => item)));
  }
  return fc.oneof(...options);
};

/** Every place in a body a violation can sit: the body itself, each property, array items. */
interface Site {
  at: (string | number)[];
  schema: Schema;
  value: unknown;
  required: boolean;
}
export const sitesOf = (s: Schema, value: unknown, at: Site['at'], required: boolean): Site[] => [
  { at, schema: s, value, required },
  ...Object.entries(s.properties ?? {}).flatMap(([k, x]) =>
    isObject(value) ? sitesOf(x, value[k], [...at, k], s.required?.includes(k) ?? false) : [],
  ),
  ...(s.items && Array.isArray(value) && value.length > 0
    ? sitesOf(s.items, value[0], [...at, 0], false)
    : []),
];

/** The body with a value (or REMOVE: nothing) put at a site. */
export const setAt = (root: unknown, at: Site['at'], value: unknown): unknown => {
  const [head, ...rest] = at;
  if (head === undefined) return value;
  const last = rest.length === 0 && value === REMOVE;
  if (Array.isArray(root) && typeof head === 'number') {
    const next = [...(root as unknown[])];
    if (last) next.splice(head, 1);
    else next[head] = setAt(root[head], rest, value);
    return next;
  }
  if (isObject(root) && typeof head === 'string') {
    const next = { ...root };
    if (last) delete next[head];
    else next[head] = setAt(root[head], rest, value);
    return next;
  }
  return root; // an earlier violation replaced the parent: nothing left to break here
};

/** A value as a report prints it, cut short. */
export const show = (v: unknown, max = 120): string => {
  const text =
    v === REMOVE
      ? '(missing)'
      : v instanceof Deep
        ? `${v.kind} nested ${v.depth} deep around ${v.leaf}`
        : (JSON.stringify(v) ?? String(v));
  return text.length > max ? `${text.slice(0, max)}…(${text.length} chars)` : text;
};

/** JSON text of a value, with each Deep written into it where it sits. */
export const serialise = (value: unknown) => {
  const deeps: Deep[] = [];
  const text = JSON.stringify(value, (_k, v: unknown) =>
    v instanceof Deep ? `\u0001${deeps.push(v) - 1}\u0001` : v,
  );
  return text.replace(/"\\u0001(\d+)\\u0001"/g, (_m, i: string) => deeps[Number(i)]?.text() ?? '');
};
