/**
 * A program the tests need from the system: the first of its usual paths that exists; if none
 * does and this runs as root on Debian, its package is installed with apt-get; otherwise the error
 * says how to install it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export function systemTool(tool: {
  /** Where it usually is, the first the one apt-get installs. */
  paths: readonly [string, ...string[]];
  /** The Debian package that holds it. */
  pkg: string;
  /** What it is for, as the messages say it: "the browser tests". */
  usedBy: string;
  /** Another way to give it, for the error message. */
  orElse?: string;
}): string {
  const found = tool.paths.find((path) => existsSync(path));
  if (found) return found;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log(`${tool.pkg} is missing: installing it with apt-get for ${tool.usedBy}…`);
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', tool.pkg], { stdio: 'inherit' });
    if (existsSync(tool.paths[0])) return tool.paths[0];
  }
  throw new Error(
    `${tool.usedBy} need ${tool.pkg}: install it with \`sudo apt-get install -y ${tool.pkg}\`${tool.orElse ? `, or ${tool.orElse}` : ''}.`,
  );
}
