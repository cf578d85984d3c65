import type { Schema } from './fuzz-schema';

/*
 * The operations under test: every operation of the OpenAPI document, read from the document the
 * server serves, and the better-auth routes the web app calls, modelled the same way (better-auth
 * publishes no schema of its own).
 */

interface Param {
  name: string;
  in: string;
  required?: boolean;
  schema: Schema;
}
export interface Operation {
  method: string;
  path: string;
  params: Param[];
  body?: { schema: Schema; required: boolean };
  /** A better-auth route, modelled by hand (its errors are answered in the envelope too). */
  auth?: boolean;
  /** Content types this route reads besides application/json. */
  alsoReads?: string[];
}

export interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Param[];
        requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
      }
    >
  >;
}

/** The document's operations, with the JSON body each one reads. */
export const operationsOf = (doc: OpenApiDocument): Operation[] =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, o]) => {
      const schema = o.requestBody?.content['application/json']?.schema;
      return {
        method: method.toUpperCase(),
        path,
        params: o.parameters ?? [],
        ...(schema ? { body: { schema, required: o.requestBody?.required ?? false } } : {}),
      };
    }),
  );

const text = (extra: Schema = {}): Schema => ({ type: 'string', ...extra });
const displayName = text({ minLength: 1, maxLength: 50, pattern: '\\S' });
const newPassword = text({ minLength: 8, maxLength: 128 });
// Relative to our own site: another origin is refused (open redirects, leaked reset links).
const local = text({ pattern: '^(?:$|/(?!/))' });
const email = text({ format: 'email' });
const object = (properties: Record<string, Schema>, required: string[]): Schema => ({
  type: 'object',
  properties,
  required,
});
const authOperation = (path: string, schema: Schema, alsoReads: string[] = []): Operation => ({
  method: 'POST',
  path: `/api/auth/${path}`,
  params: [],
  body: { schema, required: true },
  auth: true,
  alsoReads,
});
const forms = ['application/x-www-form-urlencoded'];
/** better-auth's routes the web app calls, modelled like the OpenAPI operations. */
export const authOperations = [
  authOperation(
    'sign-up/email',
    object(
      {
        name: displayName,
        email,
        password: newPassword,
        image: text(),
        callbackURL: local,
        rememberMe: { type: 'boolean' },
        locale: { type: ['string', 'null'] },
      },
      ['name', 'email', 'password'],
    ),
    forms,
  ),
  authOperation(
    'sign-in/email',
    object(
      {
        email,
        password: text({ maxLength: 128 }),
        callbackURL: local,
        rememberMe: { type: 'boolean' },
      },
      ['email', 'password'],
    ),
    forms,
  ),
  authOperation(
    'update-user',
    object(
      {
        name: displayName,
        image: { type: ['string', 'null'] },
        locale: { type: ['string', 'null'] },
      },
      [],
    ),
  ),
  authOperation('request-password-reset', object({ email, redirectTo: local }, ['email'])),
  authOperation('reset-password', object({ newPassword, token: text() }, ['newPassword'])),
  authOperation(
    'change-password',
    object(
      {
        newPassword,
        currentPassword: text({ minLength: 1 }),
        revokeOtherSessions: { type: 'boolean' },
      },
      ['newPassword', 'currentPassword'],
    ),
  ),
  authOperation(
    'sign-in/social',
    object(
      {
        provider: text({ enum: ['google'] }),
        callbackURL: local,
        disableRedirect: { type: 'boolean' },
      },
      ['provider'],
    ),
  ),
];
