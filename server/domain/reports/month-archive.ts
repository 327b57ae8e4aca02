/**
 * `GET /api/reports/archive?period=` (DESIGN.md §11): a zip of every authorised XML and RIDE of the
 * month, issued and received, in folders by type (the SRI requires keeping them 7 years):
 *   emitidos/01-facturas/factura-001-001-000000001.xml and .pdf, emitidos/07-retenciones/…,
 *   recibidos/01-facturas/0990000000001-002-001-000000777.xml and .pdf, …
 * The XML is the SRI's authorisation envelope when Emite has it (the authorised comprobante with
 * its number and date), else the signed comprobante. Issued: AUTORIZADA and ANULADA (both were
 * authorised). Received: every one of the month, confirmed or not (it is the company's copy).
 *
 * Streamed, never built in memory: the month's ids are read first, then the documents 100 at a time,
 * each RIDE is rendered when its turn comes, and the zip writer (./zip-writer.ts) hands each entry
 * to the answer; the next document waits while the client has not taken what was sent
 * (backpressure), so memory holds one batch and the central directory (about 100 bytes per entry)
 * whatever the month's size. A RIDE that cannot be printed (a received XML
 * in a version Emite does not print) is left out and listed in LEEME.txt; the XML is always there.
 * The RIDEs are printed on a worker thread with a small heap (./ride-printer.ts), a batch at a time
 * while this thread zips. `rides: false` leaves them out (the XML is the legal document; a RIDE
 * costs about 20 ms of CPU to print, the XML almost nothing).
 */
import { PassThrough, type Readable } from 'node:stream';
import { ZipWriter } from './zip-writer.ts';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { startRidePrinter, type RidePrinter } from './ride-printer.ts';
import { metaByCodDoc } from '../../../core/comprobante-types.ts';
import type { Period } from './period.ts';
import { queryRows } from '../../db/query-rows.ts';

type Row = Record<string, unknown>;
const BATCH = 100;
const FOLDER: Record<string, string> = { '01': '01-facturas', '03': '03-liquidaciones-compra', '04': '04-notas-credito', '05': '05-notas-debito', '06': '06-guias-remision', '07': '07-retenciones' };
const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** Resolves on the stream's next 'drain' or 'close', whichever comes first, and leaves no listener behind. */
function drainOrClose(out: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

/** The zip's name: `comprobantes-AAAA-MM.zip`. */
export const archiveFileName = (p: Period) => `comprobantes-${p.period}.zip`;

interface ArchiveDoc {
  path: string;
  xml: string;
  signedXml: string;
  codDoc: string;
  numeroAutorizacion?: string;
  fechaAutorizacion?: string;
  /** Issued by the company: its RIDE carries the company's logo (a received one is the supplier's). */
  issued: boolean;
}

/**
 * The month's archive as a stream of zip bytes; a failure after the first byte destroys the stream.
 * @param p.companyId the caller's company: nothing of another company is read.
 * @example reply.type('application/zip').send(monthArchive(db, { companyId, period }))
 */
export function monthArchive(db: Db, p: { companyId: string; period: Period; rides?: boolean }): Readable {
  const out = new PassThrough({ highWaterMark: 1 << 20 });
  const zip = new ZipWriter((chunk) => out.write(chunk));
  write(db, p, zip, out).then(
    () => out.end(),
    (err: Error) => out.destroy(err),
  );
  return out;
}

async function write(db: Db, p: { companyId: string; period: Period; rides?: boolean }, zip: ZipWriter, out: PassThrough): Promise<void> {
  const rows = (q: ReturnType<typeof sql>) => queryRows<Row>(db, q);
  const [company] = await rows(sql`select logo from company where id = ${p.companyId}`);
  const formas = Object.fromEntries((await rows(sql`select code, name from catalog_entry where table_name = 'forma_pago'`)).map((r) => [str(r.code), str(r.name)]));
  const logo = company?.logo ? Buffer.from(company.logo as Uint8Array) : undefined;
  const missing: string[] = [];
  let count = 0;

  // A batch's RIDEs are all asked of the printer first (it prints them on its thread while this one
  // zips), then taken in order.
  const printer: RidePrinter | undefined = p.rides === false ? undefined : startRidePrinter({ logo, formasPago: formas });
  const ride = (d: ArchiveDoc): Promise<Buffer | Error> | undefined =>
    printer?.print({ codDoc: d.codDoc, signedXml: d.signedXml, numeroAutorizacion: d.numeroAutorizacion, fechaAutorizacion: d.fechaAutorizacion, withLogo: d.issued }).catch((err: Error) => err);
  try {
    const addAll = async (docs: ArchiveDoc[]) => {
      const pdfs = docs.map(ride);
      for (const [i, d] of docs.entries()) await add(d, await pdfs[i]);
    };
    const add = async (d: ArchiveDoc, pdf: Buffer | Error | undefined) => {
      zip.add(`${d.path}.xml`, Buffer.from(d.xml, 'utf8'), { deflate: true });
      // A PDF's streams are compressed already: stored, not deflated again.
      if (pdf instanceof Error) missing.push(`${d.path}.pdf: ${pdf.message}`);
      else if (pdf) zip.add(`${d.path}.pdf`, pdf, { deflate: false });
      count += 1;
      // Backpressure: wait until the client has taken what was sent; a client that went away (the
      // answer destroyed) ends the work instead of reading the rest of the month for nobody.
      if (out.writableNeedDrain && !out.destroyed) await drainOrClose(out);
      if (out.destroyed) throw new Error('archivo del mes: el cliente cerró la descarga');
    };

    // The month's ids first (a few MB for 50,000 documents), then the rows 100 at a time by primary
    // key: one index scan, not a re-sorted scan per batch.
    const inBatches = async (ids: string[], select: (ids: SQL) => SQL, toDoc: (r: Row) => ArchiveDoc | undefined) => {
      for (let i = 0; i < ids.length; i += BATCH) {
        const slice = ids.slice(i, i + BATCH);
        const batch = await rows(select(sql.join(slice.map((id) => sql`${id}::uuid`), sql`, `)));
        const byId = new Map(batch.map((r) => [str(r.id), r]));
        await addAll(slice.flatMap((id) => {
          const r = byId.get(id);
          const doc = r && toDoc(r);
          return doc ? [doc] : [];
        }));
      }
    };
    const authorisation = (r: Row) => ({
      numeroAutorizacion: str(r.numero_autorizacion) || undefined,
      fechaAutorizacion: r.fecha_autorizacion ? new Date(r.fecha_autorizacion as string).toISOString() : undefined,
    });

    const issuedIds = (await rows(sql`
      select c.id from comprobante c
      where c.company_id = ${p.companyId} and c.status in ('AUTORIZADA', 'ANULADA') and c.fecha_emision between ${p.period.from} and ${p.period.to}
      order by c.fecha_emision, c.cod_doc, c.estab, c.pto_emi, c.secuencial`)).map((r) => str(r.id));
    await inBatches(
      issuedIds,
      (ids) => sql`
        select c.id, c.cod_doc, c.estab, c.pto_emi, c.secuencial, c.signed_xml, c.authorization_xml, c.numero_autorizacion, c.fecha_autorizacion
        from comprobante c where c.company_id = ${p.companyId} and c.id in (${ids})`,
      (r) => {
        if (!r.signed_xml) return undefined;
        const codDoc = str(r.cod_doc);
        const stem = metaByCodDoc(codDoc)?.fileStem ?? 'comprobante';
        return {
          path: `emitidos/${FOLDER[codDoc] ?? codDoc}/${stem}-${str(r.estab)}-${str(r.pto_emi)}-${str(r.secuencial).padStart(9, '0')}`,
          xml: str(r.authorization_xml) || str(r.signed_xml),
          signedXml: str(r.signed_xml),
          codDoc,
          ...authorisation(r),
          issued: true,
        };
      },
    );

    const receivedIds = (await rows(sql`
      select rd.id from received_document rd
      where rd.company_id = ${p.companyId} and rd.fecha_emision between ${p.period.from} and ${p.period.to}
      order by rd.fecha_emision, rd.cod_doc, rd.ruc_emisor, rd.estab, rd.pto_emi, rd.secuencial`)).map((r) => str(r.id));
    await inBatches(
      receivedIds,
      (ids) => sql`
        select rd.id, rd.cod_doc, rd.estab, rd.pto_emi, rd.secuencial, rd.ruc_emisor, rd.xml, rd.authorization_xml, rd.numero_autorizacion, rd.fecha_autorizacion
        from received_document rd where rd.company_id = ${p.companyId} and rd.id in (${ids})`,
      (r) => {
        const codDoc = str(r.cod_doc);
        return {
          path: `recibidos/${FOLDER[codDoc] ?? codDoc}/${str(r.ruc_emisor)}-${str(r.estab)}-${str(r.pto_emi)}-${str(r.secuencial)}`,
          xml: str(r.authorization_xml) || str(r.xml),
          signedXml: str(r.xml),
          codDoc,
          ...authorisation(r),
          issued: false,
        };
      },
    );

    const lines = [
      `Comprobantes electrónicos de ${p.period.period}: ${count}, cada uno con su XML autorizado${p.rides === false ? '' : ' y su RIDE (PDF)'}.`,
      'Carpetas: emitidos/ y recibidos/, por tipo de comprobante. El SRI exige conservarlos 7 años.',
      ...(missing.length ? ['', 'RIDE que no se pudieron generar (el XML sí está):', ...missing] : []),
    ];
    zip.add('LEEME.txt', Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8'), { deflate: true });
    zip.end();
  } finally {
    await printer?.close();
  }
}
