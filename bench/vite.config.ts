/** Builds the benchmark's reference pages (the bare fetch + parse, and the peer grid). */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('./pages', import.meta.url));

export default defineConfig({
  root,
  base: '/bench/',
  logLevel: 'warn',
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    rollupOptions: {
      input: { bare: `${root}/bare.html`, peer: `${root}/peer.html` },
    },
  },
});
