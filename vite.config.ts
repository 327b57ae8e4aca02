import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { precompressAssets } from './server/http/precompress-assets.ts';
import { firstScreenChunks, firstScreenLists, firstScreenScript } from './server/http/first-screen-preload.ts';
import { withoutRuntimeGlobalCss } from './src/shell/chakra-static-css.ts';

/** Writes .br and .gz beside every built text asset (served by server/http/static-assets.ts with Content-Encoding). */
const precompress = {
  name: 'emite-precompress',
  apply: 'build' as const,
  writeBundle(options: { dir?: string }) {
    if (options.dir) precompressAssets(options.dir);
  },
};

/**
 * Writes assets/preload-first-screen-<hash>.js, a module script in index.html, before the entry, that preloads the lazy
 * chunks of the screen this visit draws first (login page, or the signed-in frame and list), so
 * they download while the entry runs instead of after it, and sends that screen's API requests
 * (server/http/first-screen-preload.ts).
 */
function firstScreenPreload() {
  let root = '';
  let base = '/';
  let apiBase = '';
  let file: string | undefined;
  return {
    name: 'emite-first-screen-preload',
    apply: 'build' as const,
    configResolved(config: { root: string; base: string; env: Record<string, unknown> }) {
      root = config.root.replace(/\\/g, '/');
      base = config.base;
      // As src/engine/api-client.ts API_BASE.
      apiBase = typeof config.env.VITE_API_BASE === 'string' ? config.env.VITE_API_BASE.replace(/\/$/, '') : '';
    },
    generateBundle: {
      // Before vite's own html plugin, whose generateBundle writes index.html (transformIndexHtml below).
      order: 'pre' as const,
      handler(this: { emitFile: (f: object) => string; getFileName: (ref: string) => string }, _options: unknown, bundle: Parameters<typeof firstScreenChunks>[0]) {
        const ref = this.emitFile({ type: 'asset', name: 'preload-first-screen.js', source: firstScreenScript(firstScreenChunks(bundle, root, base), { base: apiBase, lists: firstScreenLists(root) }) });
        file = this.getFileName(ref);
      },
    },
    transformIndexHtml: {
      order: 'post' as const,
      handler() {
        if (!file) return [];
        return [{ tag: 'script', attrs: { type: 'module', crossorigin: true, src: base + file }, injectTo: 'head-prepend' as const }];
      },
    },
  };
}

/**
 * Chakra's global CSS (reset, global rules, token variables) as `assets/chakra-<hash>.css`, linked
 * from index.html, instead of being built and inserted by the entry at startup; the app's Chakra is
 * built with an empty `_global` (src/shell/chakra-static-css.ts). Builds only: dev and tests keep Chakra as is.
 */
function chakraStaticCss() {
  let base = '/';
  let file: string | undefined;
  return {
    name: 'emite-chakra-static-css',
    apply: 'build' as const,
    configResolved(config: { base: string }) {
      base = config.base;
    },
    transform(code: string, id: string) {
      return id.replace(/\\/g, '/').endsWith('/@chakra-ui/react/dist/esm/styled-system/system.js') ? { code: withoutRuntimeGlobalCss(code), map: null } : null;
    },
    generateBundle: {
      // Before vite's html plugin writes index.html (transformIndexHtml below).
      order: 'pre' as const,
      async handler(this: { emitFile: (f: object) => string; getFileName: (ref: string) => string }) {
        const { chakraStaticCss: css } = await import('./src/shell/chakra-static-css.ts');
        file = this.getFileName(this.emitFile({ type: 'asset', name: 'chakra.css', source: await css() }));
      },
    },
    transformIndexHtml: {
      order: 'post' as const,
      handler() {
        return file ? [{ tag: 'link', attrs: { rel: 'stylesheet', href: base + file }, injectTo: 'head' as const }] : [];
      },
    },
  };
}

/** @rjsf/chakra-ui's import of '@chakra-ui/react' goes to src/shell/chakra-for-rjsf.ts (Emite's system as defaultSystem). */
const rjsfChakraSystem = {
  name: 'emite-rjsf-chakra-system',
  enforce: 'pre' as const,
  async resolveId(this: { resolve: (s: string, i?: string, o?: object) => Promise<unknown> }, source: string, importer?: string) {
    if (source === '@chakra-ui/react' && importer?.includes('/node_modules/@rjsf/chakra-ui/')) {
      return this.resolve(fileURLToPath(new URL('./src/shell/chakra-for-rjsf.ts', import.meta.url)), importer, { skipSelf: true });
    }
    return null;
  },
};

/**
 * One config for the SPA build and the three test projects.
 * unit: pure modules and React units (jsdom per file via `// @vitest-environment jsdom`).
 * api:  Fastify app in-process against PGlite or PostgreSQL (EMITE_TEST_DB).
 * e2e:  the real server and Debian Chromium, one file at a time.
 */
export default defineConfig({
  plugins: [react(), precompress, rjsfChakraSystem, firstScreenPreload(), chakraStaticCss()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    // Chakra's defineConfig returns its argument: marked pure, the default theme config (all ~90
    // recipes) drops out of the bundle; src/shell/chakra-system.ts picks the recipes Emite uses.
    rolldownOptions: { treeshake: { manualPureFunctions: ['defineConfig'] } },
  },
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
          // A poll waits for what a user would wait for; vitest's 1 s default fails on a loaded CI machine.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
