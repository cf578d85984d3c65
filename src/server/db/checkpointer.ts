import { stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * SQLite copies its write-ahead log back into the database file (a checkpoint, with an fsync)
 * inside whichever COMMIT pushes the log past 1,000 pages. After a large commit (a league of
 * 10,000 teams moving its totals) that took 60–100 ms of the event loop. The app's connection
 * therefore never checkpoints; a worker thread with its own connection does, whenever the log has
 * grown past `walLimitBytes` (looked at every `everyMs`). PASSIVE: it copies what no reader still
 * needs and never makes the app's connection wait.
 */

const walLimitBytes = 4 * 1024 * 1024;
const everyMs = 1000;

// Plain CommonJS run with `eval`, so it needs no TypeScript loader in the worker.
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.module);
const connection = new SQLite(workerData.path);
connection.pragma('busy_timeout = 5000');
parentPort.on('message', (message) => {
  if (message === 'close') {
    connection.close();
    parentPort.close();
    return;
  }
  try {
    connection.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage('done');
  } catch (error) {
    parentPort.postMessage(String(error && error.message));
  }
});
`;

export interface Checkpointer {
  /** Checkpoints now (when the log holds anything) and resolves when the worker has. */
  checkpoint: () => Promise<void>;
  close: () => Promise<void>;
}

export const startCheckpointer = (path: string): Checkpointer => {
  let worker: Worker | null = null;
  let running: Promise<void> | null = null;
  let closed = false;

  const run = () => {
    if (!worker) {
      const started = new Worker(workerSource, {
        eval: true,
        // Plain JavaScript: no loader hooks (tsx) in the worker.
        execArgv: [],
        workerData: { path, module: createRequire(import.meta.url).resolve('better-sqlite3') },
      });
      started.unref();
      // A worker that failed is started again for the next checkpoint.
      started.on('error', () => undefined);
      started.on('exit', () => {
        if (worker === started) worker = null;
      });
      worker = started;
    }
    const current = worker;
    return new Promise<void>((resolve) => {
      const done = () => {
        current.off('message', done);
        current.off('error', done);
        current.off('exit', done);
        resolve();
      };
      current.on('message', done);
      current.on('error', done);
      current.on('exit', done);
      current.postMessage('checkpoint');
    });
  };

  const checkpoint = async () => {
    if (closed) return;
    running ??= run().finally(() => {
      running = null;
    });
    await running;
  };

  const timer = setInterval(() => {
    if (running) return;
    stat(`${path}-wal`).then(
      (s) => {
        if (s.size > walLimitBytes) void checkpoint();
      },
      () => undefined,
    );
  }, everyMs);
  timer.unref();

  return {
    checkpoint,
    close: async () => {
      closed = true;
      clearInterval(timer);
      await running;
      const current = worker;
      worker = null;
      if (!current) return;
      await new Promise<void>((resolve) => {
        current.once('exit', () => resolve());
        // Held until it has closed its connection (an unreferenced worker would let the process
        // end with this promise pending).
        current.ref();
        current.postMessage('close');
      });
    },
  };
};
