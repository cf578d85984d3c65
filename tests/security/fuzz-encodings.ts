import fc from 'fast-check';
import type { Base } from './fuzz-bases';
import { REMOVE, badValues, serialise, setAt, show, sitesOf } from './fuzz-bad-values';
import type { Operation } from './fuzz-operations';
import type { Sent } from './fuzz-requests';
import { isObject } from './fuzz-schema';
import type { Actor } from './fuzz-world';

/*
 * A write route's body sent as an HTML form would send it — URL-encoded or multipart — instead of
 * JSON (issue 26: the sign-in lock once read the e-mail from JSON only, and better-auth reads
 * forms). The fields are the base body's (every value valid) or the base with one value broken.
 * A route that reads only JSON must refuse every one of them with a 4xx and change nothing; a
 * route that also reads a form (sign-up and sign-in read URL-encoded bodies) gets only the
 * encodings it does not read.
 */

/** The body's fields as a form carries them: names and texts, lists as repeated names. */
const fieldsOf = (body: unknown): [string, string][] => {
  const text = (v: unknown) => (typeof v === 'string' ? v : v === null ? '' : serialise(v));
  if (!isObject(body)) return body === REMOVE || body === undefined ? [] : [['_', text(body)]];
  return Object.entries(body).flatMap(([k, v]): [string, string][] => {
    if (v === undefined || v === REMOVE) return [];
    if (Array.isArray(v)) return v.map((item): [string, string] => [k, text(item)]);
    if (isObject(v))
      return Object.entries(v).map(([sub, item]): [string, string] => [`${k}[${sub}]`, text(item)]);
    return [[k, text(v)]];
  });
};

const crlf = '\r\n';
const part = (boundary: string, name: string, value: string, file = false) =>
  `--${boundary}${crlf}Content-Disposition: form-data; name="${name}"${file ? `; filename="${name}.json"${crlf}Content-Type: application/json` : ''}${crlf}${crlf}${value}${crlf}`;

interface Encoding {
  what: string;
  /** The media type: which routes read it (Operation.alsoReads). */
  type: string;
  contentType: string;
  write: (fields: [string, string][]) => string;
}

const urlEncoded = (fields: [string, string][]) => new URLSearchParams(fields).toString();

// prettier-ignore
const encodings: Encoding[] = [
  { what: 'form', type: 'application/x-www-form-urlencoded', contentType: 'application/x-www-form-urlencoded', write: urlEncoded },
  { what: 'form with a charset', type: 'application/x-www-form-urlencoded', contentType: 'application/x-www-form-urlencoded; charset=UTF-8', write: urlEncoded },
  { what: 'form, upper case', type: 'application/x-www-form-urlencoded', contentType: 'APPLICATION/X-WWW-FORM-URLENCODED', write: urlEncoded },
  {
    what: 'multipart', type: 'multipart/form-data', contentType: 'multipart/form-data; boundary=fgB0undary',
    write: (fields) => `${fields.map(([k, v]) => part('fgB0undary', k, v)).join('')}--fgB0undary--${crlf}`,
  },
  {
    what: 'multipart with the JSON as a file', type: 'multipart/form-data', contentType: 'multipart/form-data; boundary="q b"',
    write: (fields) => `${part('q b', 'body', JSON.stringify(Object.fromEntries(fields)), true)}--q b--${crlf}`,
  },
  {
    what: 'multipart cut short', type: 'multipart/form-data', contentType: 'multipart/form-data; boundary=cut',
    write: (fields) => fields.map(([k, v]) => part('cut', k, v)).join('').slice(0, -7),
  },
  {
    what: 'multipart without its boundary', type: 'multipart/form-data', contentType: 'multipart/form-data',
    write: (fields) => `${fields.map(([k, v]) => part('x', k, v)).join('')}--x--${crlf}`,
  },
];

/** Requests to one write operation with a body written as a form (see above). */
export const encodedRequestsFor = (op: Operation, base: Base): fc.Arbitrary<Sent> | null => {
  const usable = encodings.filter((e) => !op.alsoReads?.includes(e.type));
  if (!op.body || usable.length === 0) return null;
  const contents = [
    fc.constant({ what: 'valid fields', body: base.body }),
    ...sitesOf(op.body.schema, base.body, [], op.body.required).map((site) =>
      badValues(site.schema, site.value, site.required).map((v) => ({
        what: `body ${site.at.join('.') || '(root)'}=${show(v)}`,
        body: setAt(base.body, site.at, v),
      })),
    ),
  ];
  const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) =>
    encodeURIComponent(base.path[name] ?? ''),
  );
  const query = base.query.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
  const url = query ? `${path}?${query}` : path;
  return fc
    .record({
      actor: fc.constantFrom<Actor>('visitor', 'player', 'admin'),
      encoding: fc.constantFrom(...usable),
      content: fc.oneof(...contents),
    })
    .map(({ actor, encoding, content }) => {
      const body = encoding.write(fieldsOf(content.body));
      const headers = { origin: 'http://localhost:3000', 'content-type': encoding.contentType };
      const broken = [`${encoding.what} of ${content.what}`];
      const sent: Sent = {
        op,
        actor,
        url,
        headers,
        body,
        broken,
        [fc.toStringMethod]: () =>
          `${actor}: ${op.method} ${show(url, 160)} content-type=${show(encoding.contentType)} body=${show(body, 160)} — ${broken.join('; ')}`,
      };
      return sent;
    });
};
