import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * SQLite copies its write-ahead log back into the database file (a checkpoint, with an fsync)
 * inside whichever COMMIT pushes the log past 1,000 pages. After a large commit (a league of
 * 10,000 teams moving its totals) that took 60–100 ms of the event loop. The app's connection
 * therefore never checkpoints; a worker thread with its own connection does, every `everyMs`.
 * PASSIVE: it copies what no reader still needs and never makes the app's connection wait.
 *
 * A passive checkpoint only copies the frames that were in the log when it began. Under steady
 * commits (a kick-off rush, a fixture's totals moving league by league) the log is therefore never
 * wholly copied, so the next writer never starts it again from the top: it grew by gigabytes in a
 * test, every commit appended to a longer file, and each checkpoint's fsync had more to flush (the
 * app's commits waited behind it). So once the log holds more than `restartFrames`, the worker
 * catches up in passes while writes go on, then `holdWrites` keeps new write transactions waiting
 * (reads go on; the event loop never blocks) during one last short pass; with the log wholly
 * copied, the next commit starts it again from the top (docs/decisions/010).
 */

const everyMs = 250;
/** A log longer than this (4 MiB of pages) is brought back to its start. */
const restartFrames = 1024;
/** Passes slower than this are followed by another before writes are held. */
const catchUpMs = 10;
const catchUpPasses = 3;

/** Holds new write transactions while `work` runs (database.ts). */
export type HoldWrites = (work: () => Promise<void>) => Promise<void>;

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
    const started = performance.now();
    const [result] = connection.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ log: result.log, copied: result.checkpointed, ms: performance.now() - started });
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message) });
  }
});
`;

interface Pass {
  /** Frames in the log when the pass began (-1 when the database is not in WAL mode). */
  log: number;
  copied: number;
  ms: number;
}

export interface Checkpointer {
  /** Checkpoints now and resolves when the worker has (and any hold of writes has ended). */
  checkpoint: () => Promise<void>;
  close: () => Promise<void>;
}

export const startCheckpointer = (path: string, holdWrites?: HoldWrites): Checkpointer => {
  let worker: Worker | null = null;
  let running: Promise<void> | null = null;
  let closed = false;

  const pass = () => {
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
    return new Promise<Pass | null>((resolve) => {
      const done = (message?: unknown) => {
        current.off('message', done);
        current.off('error', done);
        current.off('exit', done);
        const result = message as Partial<Pass> | undefined;
        resolve(typeof result?.log === 'number' ? (result as Pass) : null);
      };
      current.on('message', done);
      current.on('error', done);
      current.on('exit', done);
      current.postMessage('checkpoint');
    });
  };

  const run = async () => {
    const first = await pass();
    if (!first || first.log < 0) return;
    // A second pass finds nothing new when no commit came meanwhile: the log is wholly copied
    // and the next commit starts it again from the top.
    let last = await pass();
    if (!last || last.log === first.log) return;
    for (let i = 0; i < catchUpPasses && last.ms > catchUpMs && !closed; i += 1) {
      last = await pass();
      if (!last) return;
    }
    if (holdWrites && last.log > restartFrames && !closed)
      await holdWrites(async () => {
        await pass();
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
    if (!running) void checkpoint();
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
