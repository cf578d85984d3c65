import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { errorCatalogue, type ErrorCode } from '../domain/errors';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import { closeServices } from './bootstrap';
import type { AppBindings, Services } from './context';

export interface RunningServer {
  server: Server;
  port: number;
  /** Stops accepting, lets in-flight requests finish, then closes mail and database. */
  shutdown: (reason: string) => Promise<void>;
}

export const startServer = (
  services: Services,
  app: Hono<AppBindings>,
  options: { port: number; host: string },
): Promise<RunningServer> =>
  new Promise((resolve, reject) => {
    const { logger, env } = services;
    let shuttingDown: Promise<void> | null = null;
    const server = serve(
      { fetch: app.fetch, port: options.port, hostname: options.host },
      (info) => {
        const shutdown = (reason: string) => {
          shuttingDown ??= (async () => {
            logger.info({ reason }, 'shutting down: no new connections, finishing requests');
            const force = setTimeout(() => {
              logger.warn('requests still running after the shutdown timeout; closing them');
              (server as Server).closeAllConnections();
            }, env.SHUTDOWN_TIMEOUT_MS);
            force.unref();
            // Live streams (SSE) never end by themselves: end them so their requests finish.
            await services.bus.close();
            // Keep-alive connections become idle as their last response ends: close them as they do.
            const sweep = setInterval(() => (server as Server).closeIdleConnections(), 100);
            await new Promise<void>((done) => {
              (server as Server).close(() => done());
              (server as Server).closeIdleConnections();
            });
            clearInterval(sweep);
            clearTimeout(force);
            await closeServices(services);
            logger.info('stopped');
          })();
          return shuttingDown;
        };
        resolve({ server: server as Server, port: info.port, shutdown });
      },
    ) as Server;
    server.once('error', reject);
    server.on('clientError', answerClientError);
  });

/**
 * Requests Node refuses before the app sees them (headers over its limit, unparsable HTTP) get
 * the error envelope too (docs/design.md §5), not a bare status line.
 */
const answerClientError = (error: NodeJS.ErrnoException, socket: Duplex) => {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const code: ErrorCode = tooLarge ? 'HEADERS_TOO_LARGE' : 'BAD_REQUEST';
  const { status, message } = errorCatalogue[code];
  const body = JSON.stringify({ error: { code, message, requestId: randomUUID() } });
  socket.end(
    `HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
};
