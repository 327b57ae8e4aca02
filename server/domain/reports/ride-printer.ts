/**
 * A RIDE printer on a worker thread (./ride-worker.ts) for the month's archive: jobs are queued in
 * order and answered in order; the worker's heap is capped (`RIDE_WORKER_LIMITS`), so printing a
 * month of RIDEs keeps the server's memory flat. Issue 25, bench:close at 10,000 documents on
 * PostgreSQL: printed on the server's own thread, the RIDEs' garbage (pdfkit's objects, zlib's
 * buffers, all collectable) took the RSS 129 MB above idle before V8 collected it; on this worker,
 * +59 MB, at about a fifth more CPU per RIDE (the small heap is collected more often) and 1.5 times
 * the documents per second (the server's thread zips while the worker prints).
 * The worker is started on the first job and again after it died (a job it was printing then
 * fails with that reason); `close()` ends it.
 * From the TypeScript sources (tests, tsx) the worker is ride-worker-from-sources.mjs, which loads
 * ride-worker.ts through tsx; from the compiled server, dist-server/ride-worker.mjs.
 */
import { Worker } from 'node:worker_threads';
import type { RideAnswer, RideJob, RideWorkerData } from './ride-worker.ts';

/**
 * The worker's V8 limits, MB. Measured over 1,500 RIDEs (peak RSS above idle, CPU per RIDE): no
 * limits +114 MB, 19 ms; 48/8 +67 MB, 22 ms; 32/4 +63 MB, 35 ms; 16/2 runs out of memory.
 */
export const RIDE_WORKER_LIMITS = { maxOldGenerationSizeMb: 48, maxYoungGenerationSizeMb: 8 };

const fromSources = import.meta.url.endsWith('.ts');
/** The compiled worker beside main.mjs, or from the sources a file that loads ride-worker.ts through tsx. */
const workerUrl = new URL(fromSources ? './ride-worker-from-sources.mjs' : './ride-worker.mjs', import.meta.url);

export interface RidePrinter {
  /**
   * The RIDE of one signed comprobante.
   * @throws Error with the reason the RIDE could not be printed (an unreadable XML, a worker that died).
   */
  print(job: Omit<RideJob, 'id'>): Promise<Buffer>;
  /** Ends the worker; pending jobs fail. */
  close(): Promise<void>;
}

/** @param shared what every RIDE of the archive shares (the logo, the formas de pago), sent to the worker once. */
export function startRidePrinter(shared: RideWorkerData): RidePrinter {
  let worker: Worker | undefined;
  let next = 0;
  const pending = new Map<number, { resolve: (pdf: Buffer) => void; reject: (err: Error) => void }>();
  const failAll = (err: Error) => {
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  const start = () => {
    const w = new Worker(workerUrl, { workerData: shared, resourceLimits: RIDE_WORKER_LIMITS });
    w.on('message', (a: RideAnswer) => {
      const p = pending.get(a.id);
      if (!p) return;
      pending.delete(a.id);
      if ('pdf' in a) p.resolve(Buffer.from(a.pdf.buffer, a.pdf.byteOffset, a.pdf.byteLength));
      else p.reject(new Error(a.error));
    });
    w.on('error', (err: Error) => failAll(new Error(`el proceso que imprime los RIDE falló: ${err.message}`)));
    w.on('exit', () => {
      if (worker === w) worker = undefined;
      failAll(new Error('el proceso que imprime los RIDE terminó'));
    });
    return w;
  };
  return {
    print(job) {
      worker ??= start();
      const id = next++;
      return new Promise<Buffer>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker!.postMessage({ ...job, id } satisfies RideJob);
      });
    },
    async close() {
      const w = worker;
      worker = undefined;
      if (w) await w.terminate();
    },
  };
}
