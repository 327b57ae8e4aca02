/**
 * Worker thread entry (node:worker_threads) that prints RIDEs for the month's archive
 * (./ride-printer.ts): a message `RideJob` in, a message `RideAnswer` out, the PDF's bytes
 * transferred, not copied. It runs with a small heap (the printer's `resourceLimits`), so the
 * garbage pdfkit leaves per document (fonts, objects, zlib buffers: about 30 KB) is collected every
 * few documents instead of growing the server's heap; and the printing leaves the server's event
 * loop free for other requests. Built by esbuild beside main.mjs as dist-server/ride-worker.mjs.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { comprobanteType } from '../comprobantes/registry.ts';
import { renderRide } from '../comprobantes/ride/render-ride.ts';

/** What every RIDE of one archive shares, given once as the worker's `workerData`. */
export interface RideWorkerData {
  /** The company's logo, PNG or JPEG (printed on the RIDEs it issued). */
  logo?: Uint8Array;
  /** SRI tabla 24 formaPago code -> description. */
  formasPago: Record<string, string>;
}

/** One RIDE to print: the signed comprobante's XML and what the RIDE adds to it. */
export interface RideJob {
  id: number;
  codDoc: string;
  signedXml: string;
  numeroAutorizacion?: string;
  /** ISO 8601 instant. */
  fechaAutorizacion?: string;
  /** Print the company's logo (its own comprobantes, not received ones). */
  withLogo: boolean;
}

const shared = (workerData ?? { formasPago: {} }) as RideWorkerData;
const logo = shared.logo ? Buffer.from(shared.logo) : undefined;

/** The PDF of job `id`, or why it could not be printed (Spanish, as renderRide says it). */
export type RideAnswer = { id: number; pdf: Uint8Array } | { id: number; error: string };

// One RIDE at a time: renderRide is asynchronous, and a batch's jobs arrive together; printed side by
// side they would hold a hundred documents in memory at once.
let queue: Promise<void> = Promise.resolve();
parentPort?.on('message', (job: RideJob) => {
  queue = queue.then(() => print(job));
});

async function print(job: RideJob): Promise<void> {
  try {
    const doc = comprobanteType(job.codDoc).ride(job.signedXml);
    const pdf = await renderRide({ doc, numeroAutorizacion: job.numeroAutorizacion, fechaAutorizacion: job.fechaAutorizacion, logo: job.withLogo ? logo : undefined, labels: { formasPago: shared.formasPago } });
    // A Buffer may be a slice of Node's shared pool: copy it into its own ArrayBuffer to transfer.
    const bytes = new Uint8Array(pdf.length);
    bytes.set(pdf);
    parentPort!.postMessage({ id: job.id, pdf: bytes } satisfies RideAnswer, [bytes.buffer]);
  } catch (err) {
    parentPort!.postMessage({ id: job.id, error: (err as Error).message } satisfies RideAnswer);
  }
}
