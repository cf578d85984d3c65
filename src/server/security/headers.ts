import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

const documentHeaders = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    // Inline style attributes/elements are set by the toast and dialog libraries at runtime.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
  referrerPolicy: 'strict-origin-when-cross-origin',
  crossOriginEmbedderPolicy: false,
});

// A hashed script or style sheet is not a document: the page's policies mean nothing on it, and a
// page loads a dozen such files. They keep nosniff and the same-origin resource policy.
const assetHeaders = secureHeaders({
  contentSecurityPolicy: undefined,
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  strictTransportSecurity: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
});

/** Security headers: every response but the built app's hashed assets gets the full set. */
export const securityHeaders = (): MiddlewareHandler => (c, next) =>
  c.req.path.startsWith('/assets/') ? assetHeaders(c, next) : documentHeaders(c, next);
