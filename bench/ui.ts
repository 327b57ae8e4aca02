/**
 * `npm run bench:ui [-- --runs 5 --keys 30]`
 *
 * 1. Builds the SPA (vite, into bench/.tmp/dist) and sums the initial JS: the entry script and the
 *    modules index.html preloads, raw, gzip (zlib default level, as vite reports) and the .br the
 *    server sends to browsers that accept it. And, in Chromium, the JS as sent before the list's
 *    first row (Resource Timing's encodedBodySize of every script loaded by then; issue 30's goal
 *    ≤ 150 kB), and the cold login page: navigation to the e-mail field on screen (goal ≤ 400 ms).
 * 2. Starts the real server on PGlite with the demo company, and in Debian Chromium measures, on a
 *    fresh browser context each run (cold cache), the time from navigation start to the first row
 *    of the invoice list in the DOM (`#/invoicing/invoice`, signed in): median of `--runs` (goal
 *    ≤ 600 ms), with the API requests of the first run and how many rounds of them ran in series;
 *    and warm, the app loaded, from leaving another screen (Mi perfil) to the list's first row
 *    (goal ≤ 150 ms).
 * 3. Opens a draft with 100 lines in the invoice editor and types `--keys` digits into line 50's
 *    quantity; for each, the time from the keydown event to the DOM update of the invoice total and
 *    to the next animation frame after it (goal ≤ 16 ms), and the renderer main thread's CPU per key.
 * Reports the server's peak RSS; writes bench/results/ui.json (or BENCH_RESULTS_DIR).
 *
 * `BENCH_UI_ONLY=keystroke` runs only step 3 (still building the SPA unless BENCH_REUSE_DIST=1) and
 * writes `ui-keystroke.json` instead, so ui.json is never overwritten by a partial run; with
 * BENCH_DIST_DIR and BENCH_REUSE_DIST=1 two builds (old and new code) can be measured back to back.
 * `BENCH_UI_PROFILE=file.cpuprofile` saves a Chromium CPU profile (CDP Profiler) of the keystrokes;
 * `BENCH_UI_LIST_PROFILE=file.cpuprofile` one of a cold deep link to the list, in one more run that
 * the median leaves out (summary: `npx tsx bench/profile-summary.ts file 40`; names need a build
 * with `--minify false`, BENCH_DIST_DIR + BENCH_REUSE_DIST=1).
 * `BENCH_UI_RENDERS=1` prints which components React rendered during the keystrokes and how often
 * (a React DevTools hook; names need an unminified build: `vite build --minify false`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import { launch } from '../tests/e2e/browser.ts';
import { startBenchServer } from './server-process.ts';
import { writeResult } from './machine.ts';

const { values: args } = parseArgs({ options: { runs: { type: 'string' }, keys: { type: 'string' }, smoke: { type: 'boolean', default: false } } });
const RUNS = Number(args.runs ?? (args.smoke ? 1 : 5));
const KEYS = Number(args.keys ?? (args.smoke ? 3 : 30));
const LINES = args.smoke ? 20 : 100;
const distDir = path.resolve(process.env.BENCH_DIST_DIR ?? 'bench/.tmp/dist');
const ONLY_KEYSTROKE = process.env.BENCH_UI_ONLY === 'keystroke';
const PROFILE = process.env.BENCH_UI_PROFILE;
const LIST_PROFILE = process.env.BENCH_UI_LIST_PROFILE;

const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

/** The entry script and its modulepreloads, from the built index.html. */
function initialJs() {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  const sizes = files.map((f) => {
    const bytes = readFileSync(path.join(distDir, f));
    const br = path.join(distDir, `${f}.br`);
    return { file: f, rawKb: round(bytes.length / 1024), gzipKb: round(gzipSync(bytes).length / 1024), brKb: existsSync(br) ? round(readFileSync(br).length / 1024) : undefined };
  });
  const sum = (k: 'rawKb' | 'gzipKb' | 'brKb') => round(sizes.reduce((s, x) => s + (x[k] ?? 0), 0));
  return { files: sizes, rawKb: sum('rawKb'), gzipKb: sum('gzipKb'), brKb: sum('brKb') };
}

/**
 * The scripts a page loaded before `untilMs` (ms from navigation start): count, kB as sent (encoded
 * body) and kB once decoded; as sent depends on the Content-Encoding the browser was given.
 */
async function scriptsBefore(page: import('playwright-core').Page, untilMs: number) {
  const js = await page.evaluate((until) =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => new URL(e.name).pathname.endsWith('.js') && e.responseEnd <= until)
      .map((e) => ({ file: new URL(e.name).pathname, sent: e.encodedBodySize, decoded: e.decodedBodySize })),
  untilMs);
  const largest = [...js].sort((a, b) => b.sent - a.sent).slice(0, 8).map((x) => ({ file: x.file, sentKb: round(x.sent / 1024) }));
  return { scripts: js.length, sentKb: round(js.reduce((s, x) => s + x.sent, 0) / 1024), decodedKb: round(js.reduce((s, x) => s + x.decoded, 0) / 1024), largest };
}

/**
 * The API requests a page made since navigation (Resource Timing: start and end ms from navigation
 * start) and how many rounds of them ran one after another: a request that starts after another
 * ended is one round deeper (1 = all in parallel).
 */
async function apiTimeline(page: import('playwright-core').Page) {
  const entries = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((e) => /\/(api|auth)\//.test(new URL(e.name).pathname))
      .map((e) => ({ path: new URL(e.name).pathname + new URL(e.name).search, startMs: Math.round(e.startTime), endMs: Math.round((e as PerformanceResourceTiming).responseEnd) })),
  );
  const depth: number[] = [];
  entries.forEach((e, i) => {
    depth[i] = 1 + Math.max(0, ...entries.slice(0, i).map((d, j) => (d.endMs <= e.startMs ? depth[j] : 0)));
  });
  return { requests: entries, serialRounds: Math.max(0, ...depth) };
}

async function api(base: string, method: string, url: string, token?: string, body?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

/**
 * An init script: a stand-in React DevTools hook that counts, on every commit, the function
 * components that rendered (fibers with React's PerformedWork flag) into `window.__renders`. Kept
 * as text: tsx would wrap named functions in a helper the page does not have.
 */
const countRenders = `
  window.__renders = {};
  const nameOf = (t) => typeof t === 'function' ? t.displayName || t.name || '(anon)' : t && typeof t === 'object' ? t.displayName || nameOf(t.render || t.type) : undefined;
  // PerformedWork (flag 1): the component's function ran in this commit (not a bailout); tags:
  // function, forwardRef, memo, simple memo component. A subtree React did not touch keeps its
  // fibers (and their old flags): its children are the alternate's, and it is not entered.
  const walk = (f) => {
    for (let x = f; x; x = x.sibling) {
      const name = nameOf(x.type);
      if (name && (x.flags & 1) === 1 && [0, 11, 14, 15].includes(x.tag)) window.__renders[name] = (window.__renders[name] || 0) + 1;
      if (!x.alternate || x.child !== x.alternate.child) walk(x.child);
    }
  };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true, renderers: new Map(), inject: () => 1, checkDCE: () => undefined,
    onScheduleFiberRoot: () => undefined, onCommitFiberUnmount: () => undefined, onPostCommitFiberRoot: () => undefined,
    onCommitFiberRoot: (_id, root) => walk(root.current.child),
  };
`;

async function main() {
  // BENCH_REUSE_DIST=1 (the CI smoke run) measures a build already made from the same sources.
  if (!(process.env.BENCH_REUSE_DIST === '1' && existsSync(path.join(distDir, 'index.html')))) {
    const build = spawnSync('npx', ['vite', 'build', '--outDir', distDir, '--emptyOutDir', '--logLevel', 'warn'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('vite build failed');
  }
  const bundle = initialJs();
  console.table(bundle.files);
  console.log(`JS inicial: ${bundle.rawKb} kB, ${bundle.gzipKb} kB gzip, ${bundle.brKb} kB br`);

  const server = await startBenchServer({ EMITE_DEMO: '1', EMITE_STATIC_DIR: distDir, EMITE_WORKERS: '0' }, { compiled: true });
  const b = await launch();
  try {
    const login = await api(server.url, 'PUT', '/auth/login', undefined, { email: 'demo@emite.ec', password: 'Demo1234!' });
    const token: string = login.token;
    const [est] = await api(server.url, 'GET', '/api/establishment', token);
    const customers: Array<{ _id: string; tipoIdentificacion: string }> = await api(server.url, 'GET', '/api/customer', token);
    const customer = customers.find((c) => c.tipoIdentificacion !== '07')!;
    const products: Array<{ _id: string; precioUnitario: number; codigoPorcentajeIva: string }> = await api(server.url, 'GET', '/api/product?per_page=100', token);
    const detalles = Array.from({ length: LINES }, (_, i) => {
      const p = products[i % products.length];
      return { product: p._id, cantidad: 1 + (i % 3), precioUnitario: p.precioUnitario, descuento: 0, codigoPorcentajeIva: p.codigoPorcentajeIva };
    });
    const draft = await api(server.url, 'POST', '/api/invoice', token, { establishment: est._id, ptoEmi: est.puntosEmision[0].ptoEmi, customer: customer._id, detalles, pagos: [] });

    /** A fresh browser context (cold cache) whose pages start signed in as the demo user. */
    const signedInContext = async (init?: (() => void) | string) => {
      const context = await b.browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'es-EC' });
      await context.addInitScript(
        ([t, user]) => {
          localStorage.setItem('auth_token', t);
          localStorage.setItem('currentUser', user);
        },
        [token, JSON.stringify(login.result)] as const,
      );
      if (init) await context.addInitScript(init);
      return context;
    };

    // Navigation -> first list row, cold cache each run.
    const listMs: number[] = [];
    let coldRequests: Awaited<ReturnType<typeof apiTimeline>> = { requests: [], serialRounds: 0 };
    let jsBeforeRow: Awaited<ReturnType<typeof scriptsBefore>> = { scripts: 0, sentKb: 0, decodedKb: 0, largest: [] };
    for (let run = 0; run < (ONLY_KEYSTROKE ? 0 : RUNS + (LIST_PROFILE ? 1 : 0)); run += 1) {
      const context = await signedInContext(() => {
        new MutationObserver((_m, obs) => {
          if (document.querySelector('tbody tr td') && !document.querySelector('[data-testid="skeleton-row"]')) {
            (window as unknown as { __listReady: number }).__listReady = performance.now();
            obs.disconnect();
          }
        }).observe(document, { childList: true, subtree: true });
      });
      const page = await context.newPage();
      // The extra run, profiled, stays out of the median.
      const profiler = LIST_PROFILE && run === RUNS ? await context.newCDPSession(page) : undefined;
      if (profiler) {
        await profiler.send('Profiler.enable');
        await profiler.send('Profiler.setSamplingInterval', { interval: 100 });
        await profiler.send('Profiler.start');
      }
      await page.goto(`${server.url}/#/invoicing/invoice`);
      await page.waitForFunction(() => (window as unknown as { __listReady?: number }).__listReady !== undefined, undefined, { timeout: 60_000 });
      if (profiler) {
        const { profile } = await profiler.send('Profiler.stop');
        writeFileSync(LIST_PROFILE!, JSON.stringify(profile));
        console.log(`perfil de la lista en frío: ${LIST_PROFILE}`);
        await context.close();
        continue;
      }
      listMs.push(await page.evaluate(() => (window as unknown as { __listReady: number }).__listReady));
      if (run === 0) {
        coldRequests = await apiTimeline(page);
        jsBeforeRow = await scriptsBefore(page, listMs[0]!);
      }
      await context.close();
    }

    // The login page, cold: navigation to the e-mail field on screen.
    const loginMs: number[] = [];
    for (let run = 0; run < (ONLY_KEYSTROKE ? 0 : RUNS); run += 1) {
      const context = await b.browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'es-EC' });
      const page = await context.newPage();
      await page.goto(`${server.url}/#/login`);
      await page.locator('input[type="email"], input[name="email"]').first().waitFor({ timeout: 60_000 });
      loginMs.push(await page.evaluate(() => performance.now()));
      await context.close();
    }

    // Warm: the app already loaded, the user comes back to the list from another screen.
    const warmMs: number[] = [];
    if (!ONLY_KEYSTROKE) {
      const context = await signedInContext();
      const page = await context.newPage();
      await page.goto(`${server.url}/#/invoicing/invoice`);
      await page.locator('tbody tr td').first().waitFor({ timeout: 60_000 });
      for (let run = 0; run < RUNS; run += 1) {
        await page.evaluate(() => (location.hash = '#/pages/user'));
        await page.waitForFunction(() => !document.querySelector('tbody tr td'));
        await page.waitForTimeout(200);
        const ms = await page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              const t0 = performance.now();
              new MutationObserver((_m, obs) => {
                if (document.querySelector('tbody tr td') && !document.querySelector('[data-testid="skeleton-row"]')) {
                  obs.disconnect();
                  resolve(performance.now() - t0);
                }
              }).observe(document, { childList: true, subtree: true });
              location.hash = '#/invoicing/invoice';
            }),
        );
        warmMs.push(ms);
      }
      await context.close();
    }

    // Keystroke -> invoice total, with LINES lines.
    const page = await (await signedInContext(process.env.BENCH_UI_RENDERS ? countRenders : undefined)).newPage();
    await page.goto(`${server.url}/#/invoicing/invoice/${draft._id}`);
    const line = Math.floor(LINES / 2);
    const quantity = page.getByLabel(`Cantidad de la línea ${line}`, { exact: true });
    await quantity.waitFor();
    await page.getByTestId('importe-total').waitFor();
    await quantity.click();
    await quantity.press('End');
    const domMs: number[] = [];
    const frameMs: number[] = [];
    const cdp = PROFILE ? await page.context().newCDPSession(page) : undefined;
    // The renderer main thread's CPU per keystroke (CDP Performance metrics in thread time): its
    // tasks but the DevTools commands, from just before the key to the frame after the total
    // changed (it includes the page-side polling of the wait, the same for any build). On a busy
    // machine this moves less than the wall-clock times above.
    const metrics = await page.context().newCDPSession(page);
    await metrics.send('Performance.enable', { timeDomain: 'threadTicks' });
    const cpuNow = async () => {
      const m = new Map((await metrics.send('Performance.getMetrics')).metrics.map((x) => [x.name, x.value]));
      return { task: (m.get('TaskDuration') ?? 0) - (m.get('DevToolsCommandDuration') ?? 0), script: m.get('ScriptDuration') ?? 0, layout: (m.get('LayoutDuration') ?? 0) + (m.get('RecalcStyleDuration') ?? 0) };
    };
    const cpuMs: number[] = [];
    const scriptMs: number[] = [];
    const layoutMs: number[] = [];
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
    }
    if (process.env.BENCH_UI_RENDERS) await page.evaluate(() => ((window as unknown as { __renders: Record<string, number> }).__renders = {}));
    for (let k = 0; k < KEYS; k += 1) {
      await page.evaluate(() => {
        const w = window as unknown as { __key?: number; __dom?: number; __frame?: number };
        w.__key = w.__dom = w.__frame = undefined;
        document.addEventListener('keydown', (e) => (w.__key = e.timeStamp), { once: true, capture: true });
        const total = document.querySelector('[data-testid="importe-total"]')!;
        const obs = new MutationObserver(() => {
          w.__dom = performance.now();
          obs.disconnect();
          requestAnimationFrame(() => (w.__frame = performance.now()));
        });
        obs.observe(total, { childList: true, characterData: true, subtree: true });
      });
      // Append digits up to four, then delete one: every keystroke changes the total and leaves a
      // valid quantity (an empty one takes the line out of the totals).
      const digits = (await quantity.inputValue()).length;
      const before = await cpuNow();
      await quantity.press(digits >= 4 ? 'Backspace' : String(1 + (k % 8)));
      const t = await page.waitForFunction(() => {
        const w = window as unknown as { __key?: number; __dom?: number; __frame?: number };
        return w.__frame !== undefined && w.__key !== undefined ? [w.__dom! - w.__key, w.__frame - w.__key] : null;
      });
      const [dom, frame] = (await t.jsonValue()) as [number, number];
      domMs.push(dom);
      frameMs.push(frame);
      const after = await cpuNow();
      cpuMs.push((after.task - before.task) * 1000);
      scriptMs.push((after.script - before.script) * 1000);
      layoutMs.push((after.layout - before.layout) * 1000);
    }
    if (process.env.BENCH_UI_RENDERS) {
      const counts = await page.evaluate(() => (window as unknown as { __renders: Record<string, number> }).__renders);
      console.table(Object.entries(counts).sort((a, b) => b[1] - a[1]).slice(0, 60).map(([component, renders]) => ({ component, perKey: round(renders / KEYS, 2) })));
    }
    if (cdp && PROFILE) {
      const { profile } = await cdp.send('Profiler.stop');
      writeFileSync(PROFILE, JSON.stringify(profile));
      console.log(`perfil: ${PROFILE}`);
    }
    const listReadyMs = round(median(listMs));
    const warmReadyMs = round(median(warmMs));
    const keystroke = { lines: LINES, keys: KEYS, domMedianMs: round(median(domMs), 2), domP95Ms: round(percentile(domMs, 0.95), 2), frameMedianMs: round(median(frameMs), 2), frameP95Ms: round(percentile(frameMs, 0.95), 2), cpuMedianMs: round(median(cpuMs), 2), scriptCpuMedianMs: round(median(scriptMs), 2), styleLayoutCpuMedianMs: round(median(layoutMs), 2) };
    if (ONLY_KEYSTROKE) {
      console.table([{ 'tecla→total DOM (ms)': keystroke.domMedianMs, 'p95 DOM': keystroke.domP95Ms, 'tecla→cuadro (ms)': keystroke.frameMedianMs, 'p95 tecla→cuadro': keystroke.frameP95Ms, 'CPU por tecla (ms)': keystroke.cpuMedianMs, 'CPU JS (ms)': keystroke.scriptCpuMedianMs, 'CPU estilo + diseño (ms)': keystroke.styleLayoutCpuMedianMs }]);
      console.log(`resultados: ${writeResult(args.smoke ? 'ui-keystroke-smoke' : 'ui-keystroke', { goal: { keystrokeMs: 16 }, keystroke, domAllMs: domMs.map((x) => round(x, 2)) })}`);
      return;
    }
    console.table(coldRequests.requests);
    const loginReadyMs = round(median(loginMs));
    console.table([{ 'JS inicial gzip kB': bundle.gzipKb, 'JS inicial br kB': bundle.brKb, 'JS enviado antes de la 1.ª fila kB': jsBeforeRow.sentKb, 'login frío (ms)': loginReadyMs, 'lista lista (ms, mediana)': listReadyMs, 'lista, app cargada (ms)': warmReadyMs, 'rondas API en serie': coldRequests.serialRounds, 'tecla→total DOM (ms)': keystroke.domMedianMs, 'tecla→cuadro (ms)': keystroke.frameMedianMs, 'p95 tecla→cuadro': keystroke.frameP95Ms, 'CPU por tecla (ms)': keystroke.cpuMedianMs, 'RSS pico MB': server.peakRssMb() }]);
    const file = writeResult(args.smoke ? 'ui-smoke' : 'ui', {
      goal: { jsBeforeFirstRowSentKb: 150, loginReadyColdMs: 400, listReadyColdMs: 600, listReadyWarmMs: 150, keystrokeMs: 16 },
      initialJs: bundle,
      jsBeforeFirstRow: jsBeforeRow,
      loginReadyCold: { runs: RUNS, medianMs: loginReadyMs, allMs: loginMs.map((x) => round(x)) },
      listReady: { runs: RUNS, medianMs: listReadyMs, allMs: listMs.map((x) => round(x)), apiSerialRounds: coldRequests.serialRounds, apiRequests: coldRequests.requests },
      listReadyWarm: { runs: RUNS, medianMs: warmReadyMs, allMs: warmMs.map((x) => round(x)) },
      keystroke,
      serverPeakRssMb: server.peakRssMb(),
    });
    console.log(`resultados: ${file}`);
  } finally {
    await b.close();
    await server.stop();
  }
}

await main();
process.exit(0);
