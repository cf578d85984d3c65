import { spawn } from 'node:child_process';

/** Runs a command with inherited output; resolves with its exit code. */
export const runStep = (
  label: string,
  command: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<number> =>
  new Promise((resolve) => {
    process.stdout.write(`\n=== ${label}: ${command} ${args.join(' ')}\n`);
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(1));
  });

export const npx = (bin: string) => ({
  command: process.execPath,
  prefix: [`node_modules/${bin}`],
});
