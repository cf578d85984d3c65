import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { TestApp } from './test-app';

/**
 * The test app behind a real HTTP server on 127.0.0.1 (what a browser reaches): for what an
 * in-process request cannot show, such as an event stream written to Node's response.
 */
export const listen = async (t: Pick<TestApp, 'app'>) => {
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve(s as Server),
    ) as Server;
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
