/**
 * The build's tree shaking of React Router (vite.config.ts): on the router's own build as
 * installed, every top-level name and every context, forwardRef and memo call is handled, so the
 * first screen carries only the router it uses. A new release written otherwise fails here before
 * the first route's weight grows unnoticed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../support/server-process';
import { REACT_ROUTER_CHUNK, shakeReactRouter } from '../../vite.config';

const dir = join(projectRoot, 'node_modules/react-router/dist/production');
const chunks = readdirSync(dir)
  .map((name) => join(dir, name))
  .filter((path) => REACT_ROUTER_CHUNK.test(path));

describe('React Router tree shaking', () => {
  it('finds the router build it rewrites', () => {
    expect(chunks.length).toBeGreaterThan(0);
    const all = chunks.map((path) => readFileSync(path, 'utf8')).join('\n');
    expect(all).toMatch(/^Link\.displayName = "Link";$/m);
  });

  it.each(chunks)('leaves no top-level side effect of naming or wrapping in %s', (path) => {
    const shaken = shakeReactRouter(readFileSync(path, 'utf8'));
    expect(shaken).not.toMatch(/^\w+\.displayName = /m);
    expect(shaken).not.toMatch(/^var \w+ = React\d*\.(createContext|forwardRef|memo)\(/m);
  });
});
