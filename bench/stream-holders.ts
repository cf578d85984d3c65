// The open pages of the live-play benchmark (scale-live.ts) in a process of their own, so the
// frames 10,000 streams receive do not delay the benchmark's own requests and clocks. IPC:
// { open: { port, path, count } } → 'opened' once every stream is ready; 'report' → the time
// (epoch ms) the last stream heard `event: live`, or null; 'report-feed' the same for
// `event: feed` (a message posted, issue 32); 'close' → every stream ends, 'closed'.
import { request, type ClientRequest, type IncomingMessage } from 'node:http';

const epoch = () => performance.timeOrigin + performance.now();
interface Stream {
  req: ClientRequest;
  heard: number | null;
  feed: number | null;
}
const streams: Stream[] = [];

const openOne = (port: number, path: string) =>
  new Promise<void>((resolve, reject) => {
    const stream: Stream = {
      req: request({ host: '127.0.0.1', port, path, agent: false }, (res: IncomingMessage) => {
        if (res.statusCode !== 200) {
          reject(new Error(`stream ${res.statusCode}`));
          res.resume();
          return;
        }
        let text = '';
        let ready = false;
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
          if (!ready && text.includes('event: ready')) {
            ready = true;
            resolve();
          }
          if (stream.heard === null && text.includes('event: live')) stream.heard = epoch();
          if (stream.feed === null && text.includes('event: feed')) stream.feed = epoch();
          if (text.length > 4096) text = text.slice(-1024);
        });
      }),
      heard: null,
      feed: null,
    };
    stream.req.on('error', reject);
    stream.req.end();
    streams.push(stream);
  });

process.on(
  'message',
  (
    message:
      'report' | 'report-feed' | 'close' | { open: { port: number; path: string; count: number } },
  ) => {
    void (async () => {
      if (message === 'report' || message === 'report-feed') {
        const heard = streams.map((s) => (message === 'report' ? s.heard : s.feed));
        process.send?.({
          type: message,
          last: heard.every((h) => h !== null) ? Math.max(...(heard as number[])) : null,
        });
      } else if (message === 'close') {
        for (const s of streams) s.req.destroy();
        process.send?.({ type: 'closed' });
      } else {
        const { port, path, count } = message.open;
        // 100 pages opening at a time: a burst of 500 at once grows the server's heap by what
        // the requests in flight allocate, which V8 keeps committed afterwards (bench/README).
        for (let i = 0; i < count; i += 100)
          await Promise.all(
            Array.from({ length: Math.min(100, count - i) }, () => openOne(port, path)),
          );
        process.send?.({ type: 'opened' });
      }
    })();
  },
);
