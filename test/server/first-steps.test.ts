/**
 * A newcomer's first steps, as the README gives them: `npm ci && npm start`, then `npm test`. The
 * install says nothing to worry about, and the README says where each command runs.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../support/server-process';

const read = (path: string) => readFileSync(join(projectRoot, path), 'utf8');
const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall'];

describe('npm ci', () => {
  it('has a decision in package.json for every dependency with an install script, so it warns of none', () => {
    const project = JSON.parse(read('package.json')) as { allowScripts?: Record<string, boolean> };
    const decided = new Set(
      Object.keys(project.allowScripts ?? {}).map((key) => key.replace(/(.)@.*$/, '$1')),
    );
    const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, unknown> };
    const withScripts = Object.keys(lock.packages)
      .filter((path) => path.startsWith('node_modules/'))
      .filter((path) => existsSync(join(projectRoot, path, 'package.json')))
      .flatMap((path) => {
        const manifest = JSON.parse(read(join(path, 'package.json'))) as {
          name: string;
          scripts?: Record<string, string>;
        };
        const scripts = Object.keys(manifest.scripts ?? {});
        return INSTALL_SCRIPTS.some((s) => scripts.includes(s)) ? [manifest.name] : [];
      });
    expect(withScripts.length).toBeGreaterThan(0);
    expect(withScripts.filter((name) => !decided.has(name))).toEqual([]);
  });
});

describe('the README’s Quick start', () => {
  const readme = read('README.md');
  const quickStart = readme.slice(readme.indexOf('## Quick start'), readme.indexOf('## Using'));

  it('is exactly the two commands', () => {
    expect(/```sh\n([\s\S]*?)```/.exec(quickStart)?.[1]).toBe('npm ci && npm start\nnpm test\n');
  });

  it('says that npm start keeps running and npm test goes in another terminal', () => {
    const words = quickStart.replace(/\s+/g, ' ');
    expect(words).toMatch(/keeps running/);
    expect(words).toMatch(/another terminal/);
  });
});
