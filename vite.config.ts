import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * One config for the SPA build and the three test projects.
 * unit: pure modules and React units (jsdom per file via `// @vitest-environment jsdom`).
 * api:  Fastify app in-process against PGlite or PostgreSQL (EMITE_TEST_DB).
 * e2e:  the real server and Debian Chromium, one file at a time.
 */
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/auth': 'http://localhost:3000' },
  },
  test: {
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], testTimeout: 30_000 } },
      // Every test app starts from one migrated, seeded database made once per run.
      { test: { name: 'api', include: ['tests/api/**/*.test.ts'], globalSetup: ['tests/helpers/db-template.ts'], testTimeout: 60_000, hookTimeout: 120_000 } },
      // Benchmarks at smoke size: each spawns its command (one at a time, they measure the machine).
      { test: { name: 'bench', include: ['tests/bench/**/*.test.ts'], testTimeout: 600_000, fileParallelism: false } },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
