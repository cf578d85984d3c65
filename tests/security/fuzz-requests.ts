import fc from 'fast-check';
import type { Base } from './fuzz-bases';
import { REMOVE, serialise, show } from './fuzz-bad-values';
import { mutationsOf, noise, type Draft } from './fuzz-mutations';
import type { Operation } from './fuzz-operations';
import { isValid, isValidQuery } from './fuzz-schema';
import type { Actor } from './fuzz-world';

/*
 * The requests sent to one operation: an actor, one broken place (sometimes a few) and some noise
 * applied to the operation's base, checked to really break its contract, then written out as the
 * URL, headers and body the agent sends.
 */

/** A request as sent, printed in full when fast-check reports it. */
export interface Sent {
  op: Operation;
  actor: Actor;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
  broken: string[];
  [fc.toStringMethod]: () => string;
}

/** Percent-encodes text, lone surrogates as their (invalid) three UTF-8-style bytes. */
const encode = (text: string) =>
  Array.from(text, (ch) => {
    try {
      return encodeURIComponent(ch);
    } catch {
      const c = ch.charCodeAt(0);
      return [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    }
  }).join('');

const jsonType = (ct: string) => /^application\/([\w.-]+\+)?json$/i.test(ct.split(';')[0]!.trim());
const dotSegment = (v: string) => /^(\.|%2e){1,2}$/i.test(v);

/** Whether the request breaks the operation's contract somewhere (checked on every request). */
const breaksContract = (op: Operation, d: Draft): boolean => {
  for (const p of op.params.filter((x) => x.in === 'path')) {
    const given = d.path[p.name];
    if (!given || given.raw || given.unknown || !isValid(p.schema, given.value)) return true;
  }
  for (const p of op.params.filter((x) => x.in === 'query')) {
    const values = d.query.filter(([k]) => k === p.name).map(([, v]) => v);
    if (values.length > 1 || (values.length === 0 && p.required)) return true;
    if (values[0] !== undefined && !isValidQuery(p.schema, values[0])) return true;
  }
  if (d.query.some(([k, v]) => `${k}${v}`.includes('\0'))) return true;
  if (!op.body) return false;
  if (d.text !== undefined) return true;
  if (d.body === REMOVE) return op.body.required;
  if (d.contentType !== undefined && !jsonType(d.contentType)) return true;
  return !isValid(op.body.schema, d.body);
};

/** Broken requests to one operation, as the actor's agent sends them. */
export const requestsFor = (op: Operation, base: Base, adminId: string): fc.Arbitrary<Sent> =>
  fc
    .record({
      actor: fc.constantFrom<Actor>('visitor', 'player', 'admin'),
      // Mostly one broken place (it meets the check for it), sometimes a few at once.
      broken: fc.oneof(
        { weight: 3, arbitrary: fc.tuple(fc.oneof(...mutationsOf(op, base))) },
        {
          weight: 1,
          arbitrary: fc.array(fc.oneof(...mutationsOf(op, base)), { minLength: 2, maxLength: 3 }),
        },
      ),
      extra: fc.array(fc.oneof(...noise(adminId)), { maxLength: 2 }),
    })
    .map(({ actor, broken, extra }) => {
      const d: Draft = {
        actor,
        path: Object.fromEntries(Object.entries(base.path).map(([k, value]) => [k, { value }])),
        query: [...base.query],
        body: base.body,
        headers: { origin: 'http://localhost:3000' },
        broken: broken.map((m) => m.what),
      };
      for (const m of [...broken, ...extra]) m.apply(d);
      if (!breaksContract(op, d))
        throw new Error(`the generator made a valid request: ${d.broken.join('; ')}`);
      const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
        const p = d.path[name];
        return p?.raw ? p.value : encode(p?.value ?? '');
      });
      const query = d.query.map(([k, v, raw]) => `${encode(k)}=${raw ? v : encode(v)}`).join('&');
      const body = !op.body || d.body === REMOVE ? d.text : (d.text ?? serialise(d.body));
      const headers = {
        ...d.headers,
        ...(body !== undefined || d.contentType !== undefined
          ? { 'content-type': d.contentType ?? 'application/json' }
          : {}),
      };
      const sent: Sent = {
        op,
        actor,
        url: query ? `${path}?${query}` : path,
        headers,
        body,
        broken: d.broken,
        [fc.toStringMethod]: () =>
          `${actor}: ${op.method} ${show(sent.url, 160)} content-type=${show(headers['content-type'])} body=${show(body, 160)} — broken: ${d.broken.join('; ')}`,
      };
      return sent;
    })
    .filter((s) => !s.url.split(/[/?]/).some(dotSegment));
