import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));

const run = (
  script: string,
  env: Record<string, string>,
  onStdout?: (line: string, child: ReturnType<typeof spawn>) => void,
) =>
  new Promise<{ code: number | null; stdout: string; stderr: string; ms: number }>((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      for (const line of chunk.toString().split('\n')) if (line) onStdout?.(line, child);
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr, ms: Date.now() - started }));
  });

describe('npm start with a bad configuration', () => {
  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ DATABASE_URL: 'nonsense' }, 'DATABASE_URL'],
  ])('%j exits non-zero at once with one line naming the variable', async (env, variable) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fg-bad-'));
    const result = await run('src/server/main.ts', { ...env, DATA_DIR: dataDir });
    expect(result.code).not.toBe(0);
    expect(result.ms).toBeLessThan(5000);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^Invalid configuration: ${variable} `));
    expect(result.stderr).not.toMatch(/\bat .*\.ts:\d+/); // no stack trace
  });
});

describe('graceful shutdown', () => {
  it('lets a slow request finish after SIGTERM, then exits', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fg-term-'));
    let response: Promise<{ status: number; body: unknown }> | null = null;
    let afterSignal: Promise<string> | null = null;
    const result = await run(
      'tests/setup/slow-server.ts',
      {
        DATA_DIR: dataDir,
        DATABASE_URL: `file:${join(dataDir, 'db.sqlite')}`,
        LOG_LEVEL: 'silent',
      },
      (line, child) => {
        const match = /^LISTENING (\d+)$/.exec(line);
        if (!match) return;
        const base = `http://127.0.0.1:${match[1]}`;
        response = fetch(`${base}/api/test/slow?ms=1500`).then(async (r) => ({
          status: r.status,
          body: await r.json(),
        }));
        setTimeout(() => {
          child.kill('SIGTERM');
          // A new connection after the signal is refused.
          afterSignal = new Promise((r) => setTimeout(r, 200)).then(() =>
            fetch(`${base}/healthz`).then(
              () => 'accepted',
              () => 'refused',
            ),
          );
        }, 300);
      },
    );
    expect(response).not.toBeNull();
    await expect(response).resolves.toEqual({ status: 200, body: { finished: true } });
    await expect(afterSignal).resolves.toBe('refused');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('EXITED CLEANLY');
  });
});
