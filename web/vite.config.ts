import { defineConfig } from 'vitest/config';

// Preact with the automatic JSX runtime (no plugin needed). `npm run dev` proxies the API and
// the WebSocket to a `skat serve` on port 8080.
export default defineConfig({
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  base: './',
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 600 },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/ws': { target: 'ws://127.0.0.1:8080', ws: true },
    },
  },
  test: { environment: 'node', include: ['test/**/*.test.ts', 'test/**/*.test.tsx'] },
});
