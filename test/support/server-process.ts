/**
 * Starts the explorer's server as `npm start` runs it (after the build), in a child process, and
 * reads the address it prints.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const tsx = `${projectRoot}node_modules/.bin/tsx`;

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

/** `root`: the checkout whose server (and build) to start; by default this one. */
export function startServer(
  args: string[],
  env: Record<string, string> = {},
  root = projectRoot,
): Promise<ServerProcess> {
  const child = spawn(tsx, ['src/server/main.ts', ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) {
        resolve();
        return;
      }
      child.once('exit', () => {
        resolve();
      });
      child.kill();
    });
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Catalogue explorer[^:]*: (http:\/\/\S+)\//.exec(output);
      if (match?.[1]) resolve({ url: match[1], child, output: () => output, stop });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      reject(new Error(`the server exited with ${String(code)}: ${output}`));
    });
  });
}

export function runServer(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; output: string }> {
  const child = spawn(tsx, ['src/server/main.ts', ...args], {
    cwd: projectRoot,
    env: { ...process.env, ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // A server expected to stop at start that does not is stopped here, and its code is null.
  const stop = setTimeout(() => child.kill(), 20_000);
  return new Promise((resolve) => {
    child.on('exit', (code) => {
      clearTimeout(stop);
      resolve({ code, output });
    });
  });
}
