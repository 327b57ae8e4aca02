/**
 * The RIDE worker when the server runs from its TypeScript sources (tests, `npm run dev`): registers
 * tsx's loader in this worker, then loads ride-worker.ts. Node 20 does not apply an `--import tsx`
 * of a worker's execArgv to the worker's own entry file. The compiled server runs
 * dist-server/ride-worker.mjs instead (./ride-printer.ts chooses).
 */
import { register } from 'tsx/esm/api';

register();
await import('./ride-worker.ts');
