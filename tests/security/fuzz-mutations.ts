import fc from 'fast-check';
import type { Base } from './fuzz-bases';
import {
  badStrings,
  badValues,
  rawSegments,
  serialise,
  setAt,
  show,
  sitesOf,
  unknownIds,
} from './fuzz-bad-values';
import type { Operation } from './fuzz-operations';
import { isObject, isValidQuery, typesOf } from './fuzz-schema';
import type { Actor } from './fuzz-world';

/*
 * The ways to break a valid request in one place — a path or query parameter, each place in the
 * body, the JSON text, the content type — and the harmless noise sent alongside (unknown names,
 * odd headers, properties that claim to be an admin). Each is a Mutation of the request's Draft.
 */

/** A request being built: the base, then each mutation applied to it. */
export interface Draft {
  actor: Actor;
  path: Record<string, { value: string; raw?: boolean; unknown?: boolean }>;
  /** name, value and whether the value goes into the URL as it is (not percent-encoded). */
  query: [string, string, boolean?][];
  body: unknown;
  text?: string;
  contentType?: string;
  headers: Record<string, string>;
  broken: string[];
}
interface Mutation {
  what: string;
  apply: (d: Draft) => void;
}

const parses = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/** One arbitrary per place of the operation's request that can be broken. */
export const mutationsOf = (op: Operation, base: Base): fc.Arbitrary<Mutation>[] => {
  const list: fc.Arbitrary<Mutation>[] = [];
  for (const p of op.params) {
    if (p.in === 'path') {
      const set = (value: string, flags: { raw?: boolean; unknown?: boolean }) => ({
        what: `path ${p.name}=${show(value)}`,
        apply: (d: Draft) => void (d.path[p.name] = { value, ...flags }),
      });
      list.push(
        fc.constantFrom(...unknownIds).map((v) => set(v, { unknown: true })),
        fc.constantFrom(...rawSegments).map((v) => set(v, { raw: true })),
        fc.oneof(...badStrings(p.schema)).map((v) => set(v, {})),
      );
    } else {
      const strings = badStrings(p.schema, isValidQuery);
      if (typesOf(p.schema).includes('integer'))
        strings.push(
          fc.constantFrom(
            ...['abc', '1.5', '-1', '0', `${(p.schema.maximum ?? 0) + 1}`, 'NaN', 'Infinity', '']
              .concat(['true', '[]', '99999999999999999999', '1e400'])
              .filter((v) => !isValidQuery(p.schema, v)),
          ),
        );
      const valid = base.query.find(([k]) => k === p.name)?.[1] ?? 'x';
      list.push(
        fc.oneof(...strings).map((v) => ({
          what: `query ${p.name}=${show(v)}`,
          apply: (d: Draft) =>
            void (d.query = [...d.query.filter(([k]) => k !== p.name), [p.name, v]]),
        })),
        fc.constant({
          what: `query ${p.name} twice`,
          apply: (d: Draft) =>
            void (d.query = [
              ...d.query.filter(([k]) => k !== p.name),
              [p.name, valid],
              [p.name, valid],
            ]),
        }),
      );
      if (p.required)
        list.push(
          fc.constant({
            what: `query ${p.name} missing`,
            apply: (d: Draft) => void (d.query = d.query.filter(([k]) => k !== p.name)),
          }),
        );
    }
  }
  list.push(
    fc.constantFrom('\0', 'a\0b').map((v) => ({
      what: `query with NUL ${show(v)}`,
      apply: (d: Draft) => void d.query.push(['q', v]),
    })),
  );
  if (!op.body) return list;
  for (const site of sitesOf(op.body.schema, base.body, [], op.body.required)) {
    list.push(
      badValues(site.schema, site.value, site.required).map((v) => ({
        what: `body ${site.at.join('.') || '(root)'}=${show(v)}`,
        apply: (d: Draft) => void (d.body = setAt(d.body, site.at, v)),
      })),
    );
  }
  const json = serialise(base.body);
  // prettier-ignore
  const malformed = [
    '', '{', '[', '{"a":', json.slice(0, -1), `${json}}`, `${json},`, json.replaceAll('"', "'"),
    'NaN', 'undefined', json.replace(':', '::'), '{"a":1,}', '{"a":"\\x41"}', '{"a":"\\ud800"',
    '{"a":01}', 'a=1&b=2', '{"name":"a\0b"}',
  ].filter((text) => !parses(text));
  // prettier-ignore
  const contentTypes = [
    'text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x', 'application/xml', 'application/jsonp', 'json', '',
  ].filter((ct) => !op.alsoReads?.includes(ct));
  list.push(
    fc.constantFrom(...malformed).map((text) => ({
      what: `JSON text ${show(text)}`,
      apply: (d: Draft) => void (d.text = text),
    })),
    fc.constantFrom(...contentTypes).map((ct) => ({
      what: `content-type ${show(ct)}`,
      apply: (d: Draft) => void (d.contentType = ct),
    })),
  );
  return list;
};

/** Harmless extras (unknown names, odd headers): they must neither help nor hurt. */
export const noise = (adminId: string): fc.Arbitrary<Mutation>[] => [
  fc
    .record({
      k: fc.constantFrom('foo', '__proto__', 'constructor', 'toString', 'page[]', 'x'.repeat(500)),
      v: fc.constantFrom('', '1', '💥', '../..', '%'),
    })
    .map(({ k, v }) => ({
      what: `extra query ${show(k, 20)}`,
      apply: (d: Draft) => void d.query.push([k, v]),
    })),
  // Escapes that do not decode: the rest of the URL must still be read (and judged) as usual.
  fc.constantFrom('%', '%zz', '%E0', '%ED%A0%80').map((v) => ({
    what: `extra query x=${v}`,
    apply: (d: Draft) => void d.query.push(['x', v, true]),
  })),
  fc
    .record({
      k: fc.constantFrom('accept-language', 'x-request-id', 'x-forwarded-for'),
      v: fc.constantFrom('xx-ZZ;q=abc', '../', 'a'.repeat(5_000), '127.0.0.1, evil'),
    })
    .map(({ k, v }) => ({
      what: `header ${k}`,
      apply: (d: Draft) => void (d.headers[k] = v),
    })),
  fc
    .constantFrom<[string, unknown]>(
      ['__proto__', { role: 'admin' }],
      ['constructor', { prototype: { role: 'admin' } }],
      ['role', 'admin'],
      ['userId', adminId],
      ['isAdmin', true],
    )
    .map(([k, v]) => ({
      what: `extra property ${k}`,
      apply: (d: Draft) => {
        if (!isObject(d.body)) return;
        d.body = { ...d.body };
        Object.defineProperty(d.body, k, { value: v, enumerable: true, writable: true });
      },
    })),
];
