/**
 * `npx tsx bench/profile-summary.ts file.cpuprofile [top]`: where a V8 CPU profile (node
 * --cpu-prof, e.g. BENCH_CPU_PROF=dir npm run bench:issue) spends its time: self time by package
 * (node_modules/<name>, node: internals, Emite's own files, GC, idle) and the `top` functions
 * (default 25), as % of the profile and of the busy (non-idle) time, and the busy time by the
 * innermost Emite function on the stack (what Emite code caused it, libraries included).
 * `--window from:to` (microseconds of the monotonic clock, as bench/issue.ts records the timed
 * windows in `profileWindowsUs` when BENCH_CPU_PROF is set) keeps only the samples inside.
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  startTime: number;
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

/** The package a script URL belongs to. */
export function packageOf(url: string, fn: string): string {
  if (!url) return fn.startsWith('(') ? fn : '(native)';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  if (url.includes('dist-server/main.mjs')) return 'emite (dist-server)';
  return url.replace(/^file:\/\/.*?\/(server|core|bench|tests)\//, '$1/');
}

const args = process.argv.slice(2);
const windowArg = args.indexOf('--window');
const windows = windowArg >= 0 ? args.splice(windowArg, 2)[1].split(',').map((w) => w.split(':').map(Number) as [number, number]) : undefined;
const [file, topArg] = args;
if (file) {
  const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<number, number>();
  let at = p.startTime;
  p.samples.forEach((id, i) => {
    at += p.timeDeltas[i] ?? 0;
    if (windows && !windows.some(([from, to]) => at >= from && at <= to)) return;
    self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0));
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const idle = [...self].filter(([id]) => byId.get(id)!.callFrame.functionName === '(idle)').reduce((a, [, t]) => a + t, 0);
  const busy = total - idle;
  const pkgs = new Map<string, number>();
  const fns = new Map<string, number>();
  for (const [id, t] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const pkg = packageOf(url, functionName);
    pkgs.set(pkg, (pkgs.get(pkg) ?? 0) + t);
    const key = `${functionName || '(anonymous)'} ${pkg}:${lineNumber + 1}`;
    fns.set(key, (fns.get(key) ?? 0) + t);
  }
  const pct = (t: number, of: number) => Math.round((t / of) * 1000) / 10;
  const rows = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, t]) => ({ what: k, ms: Math.round(t / 1000), '% busy': pct(t, busy) }));
  console.log(`${file}: ${Math.round(total / 1000)} ms sampled, ${pct(idle, total)} % idle`);
  console.table(rows(pkgs, 20));
  console.table(rows(fns, Number(topArg) || 25));
  // Busy time by the innermost Emite frame on the stack.
  const byEmite = new Map<string, number>();
  for (const [id, t] of self) {
    if (byId.get(id)!.callFrame.functionName === '(idle)') continue;
    let n: number | undefined = id;
    let key = '(no Emite frame)';
    while (n !== undefined) {
      const { functionName, url, lineNumber } = byId.get(n)!.callFrame;
      const pkg = packageOf(url, functionName);
      if (pkg === 'emite (dist-server)' || /^(server|core)\//.test(pkg)) {
        key = `${functionName || '(anonymous)'} ${pkg}:${lineNumber + 1}`;
        break;
      }
      n = parent.get(n);
    }
    byEmite.set(key, (byEmite.get(key) ?? 0) + t);
  }
  console.table(rows(byEmite, Number(topArg) || 25));
}
