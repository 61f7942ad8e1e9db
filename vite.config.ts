/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes .gz and .br beside every text asset so the server sends them compressed without
 * compressing on each request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const walk = async (dir: string): Promise<string[]> => {
        const entries = await readdir(dir, { withFileTypes: true });
        const files = await Promise.all(
          entries.map((e) =>
            e.isDirectory() ? walk(join(dir, e.name)) : Promise.resolve([join(dir, e.name)]),
          ),
        );
        return files.flat();
      };
      for (const file of await walk(outDir)) {
        if (!/\.(js|css|html|svg|json)$/.test(file)) continue;
        const content = await readFile(file);
        await writeFile(`${file}.gz`, gzipSync(content, { level: 9 }));
        await writeFile(
          `${file}.br`,
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/**
 * React Router 7's package exports always name its development build (warnings included), even
 * for production (remix-run/react-router#14102); builds take the production one it ships beside it.
 */
const reactRouterProduction = fileURLToPath(
  new URL('node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

export default defineConfig(({ command }) => ({
  plugins: [react(), precompress()],
  resolve: {
    alias:
      command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports stays in the entry's one file. Without this, the
          // CommonJS helpers and React's JSX runtime, which the overview's chart library shares
          // with the entry, become chunks of their own that every page's first screen fetches
          // (two more requests, and more to download, than before the charts existed).
          groups: [{ name: 'index', tags: ['$initial'] }],
        },
      },
    },
  },
  // The parse worker is a module, like the page.
  worker: { format: 'es' as const },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['test/server/**/*.test.ts', 'test/bench/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'app',
          environment: 'jsdom',
          include: ['test/app/**/*.test.{ts,tsx}'],
          setupFiles: ['test/app/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'load',
          environment: 'node',
          include: ['test/load/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // After every other project, alone: it saturates the machine for ten seconds.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
}));
