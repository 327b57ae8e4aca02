/**
 * Create or replace a comprobante de retención draft (DESIGN.md §4 `/api/withholding`, §8; SRI.md
 * "Comprobante de retención"): the emission point, the sujeto retenido (a `supplier` record), the
 * fechaEmision (default today; gives periodoFiscal MM/AAAA and the rates in force) and one or more
 * docsSustento. A docSustento citing a received document (`receivedDocument`: this company's
 * factura or liquidación in received_document, whose issuer must be the supplier) or an own
 * AUTORIZADA liquidación (`purchaseSettlement`) takes its number, date, authorisation, totals,
 * taxes and pagos from it unless the body gives them. Each retención: codigo 1 renta (catalog
 * retencion_renta) or 2 IVA (retencion_iva); porcentajeRetener defaults to the catalog rate in
 * force on fechaEmision; valorRetenido = base × % / 100 half-up to cents (decimal.js).
 * The row: razon_social/identificacion_comprador hold the sujeto retenido; importe_total the total
 * withheld (USD); customer_id null; related_id the first docSustento's received document (or
 * liquidación), so the received side can show it withheld; type_detail keeps supplier, the sujeto
 * retenido, periodoFiscal, docsSustento (amounts as decimal strings, dates 'YYYY-MM-DD') and
 * `mailTo` (the supplier's e-mail, used by the shared mail); `extra` keeps numDocSustentoResumen
 * and periodoFiscal for the list rows.
 * @throws AppError VALIDATION (paths: supplier, fechaEmision, docsSustento.N.receivedDocument,
 *   docsSustento.N.numDocSustento, docsSustento.N.retenciones.M.codigoRetencion…), NOT_FOUND,
 *   INVOICE_LOCKED, FORBIDDEN (emission scope).
 */
import { loadSupplier, type SupplierData } from '../supplier-record.ts';
import { and, eq, inArray } from 'drizzle-orm';
import Decimal from 'decimal.js';
import type { ComprobanteRow, SaveDraftOptions } from '../comprobante-type.ts';
import { preparedDraftBody, draftHeaderColumns, invalid, noSaleColumns, resolveEmissionPoint, storedInfoAdicional, writeDraft, type DraftBody } from '../draft-parts.ts';
import { withholdingSchema } from '../../../schemas/generated/withholding-schema.ts';
import { detailCodec, optionalText, text, textList } from '../type-detail.ts';
import { catalogEntries } from '../../../db/schema/index-tables.ts';
import { guayaquilDate, toSriDate } from '../../../../core/guayaquil-date.ts';
import { rateInForce, valorRetenido, WITHHOLDING_CATALOG, type WithholdingRateEntry } from '../../../../core/withholding-rates.ts';
import type { Db } from '../../../db/client.ts';
import { money2 } from '../document-parts.ts';
import { loadSustentoSource, type SustentoSource } from './sustento-source.ts';
import { dashedNumero } from './comprobante-retencion-ride.ts';
import type { DocSustentoOf } from '../../../../core/withholding-body.ts';

const COLUMNS = { establishment: 1, ptoEmi: 1, supplier: 1, fechaEmision: 1, docsSustento: 1, infoAdicional: 1 };

/** A docSustento as the draft body gives it (src/schemas/withholding). */
type DocSustentoInput = DraftBody<typeof withholdingSchema>['docsSustento'][number];
/** One retención as the draft body (and the proposal) gives it: codigo 1 renta, 2 IVA. */
export type RetencionInput = DocSustentoInput['retenciones'][number];

/** A retención as stored: strings as the XML writes them (percent without padding, money with 2 places). */
export interface StoredRetencion {
  codigo: string;
  codigoRetencion: string;
  baseImponible: string;
  porcentajeRetener: string;
  valorRetenido: string;
}

/** A docSustento as stored in type_detail (fechaEmisionDocSustento 'YYYY-MM-DD', amounts as the XML writes them). */
export type StoredDocSustento = DocSustentoOf<string, StoredRetencion>;

/** What the retención keeps in type_detail. */
export interface RetencionDetail {
  supplier: string;
  tipoIdentificacionSujetoRetenido: string;
  razonSocialSujetoRetenido: string;
  identificacionSujetoRetenido: string;
  parteRel: 'SI' | 'NO';
  /** MM/AAAA of fechaEmision. */
  periodoFiscal: string;
  docsSustento: StoredDocSustento[];
  mailTo: string[];
}

/** The retención's type_detail, checked (type-detail.ts). */
export const retencionDetail = detailCodec<RetencionDetail>('el comprobante de retención', {
  type: 'object',
  required: ['supplier', 'tipoIdentificacionSujetoRetenido', 'razonSocialSujetoRetenido', 'identificacionSujetoRetenido', 'parteRel', 'periodoFiscal', 'docsSustento', 'mailTo'],
  properties: {
    supplier: text,
    tipoIdentificacionSujetoRetenido: text,
    razonSocialSujetoRetenido: text,
    identificacionSujetoRetenido: text,
    parteRel: { type: 'string', enum: ['SI', 'NO'] },
    periodoFiscal: text,
    docsSustento: {
      type: 'array',
      items: {
        type: 'object',
        required: ['codSustento', 'codDocSustento', 'numDocSustento', 'fechaEmisionDocSustento', 'totalSinImpuestos', 'importeTotal', 'impuestos', 'retenciones', 'pagos'],
        properties: {
          receivedDocument: optionalText,
          purchaseSettlement: optionalText,
          codSustento: text,
          codDocSustento: text,
          numDocSustento: text,
          fechaEmisionDocSustento: text,
          numAutDocSustento: optionalText,
          totalSinImpuestos: text,
          importeTotal: text,
          impuestos: {
            type: 'array',
            items: {
              type: 'object',
              required: ['codImpuestoDocSustento', 'codigoPorcentaje', 'baseImponible', 'tarifa', 'valorImpuesto'],
              properties: { codImpuestoDocSustento: text, codigoPorcentaje: text, baseImponible: text, tarifa: text, valorImpuesto: text },
            },
          },
          retenciones: {
            type: 'array',
            items: {
              type: 'object',
              required: ['codigo', 'codigoRetencion', 'baseImponible', 'porcentajeRetener', 'valorRetenido'],
              properties: { codigo: text, codigoRetencion: text, baseImponible: text, porcentajeRetener: text, valorRetenido: text },
            },
          },
          pagos: { type: 'array', items: { type: 'object', required: ['formaPago', 'total'], properties: { formaPago: text, total: text } } },
        },
      },
    },
    mailTo: textList,
  },
});

/** The rate entries of retencion_renta and retencion_iva (active ones), by table and code. */
export async function withholdingCatalogs(db: Db): Promise<Map<string, WithholdingRateEntry>> {
  const rows = await db
    .select({ tableName: catalogEntries.tableName, code: catalogEntries.code, name: catalogEntries.name, data: catalogEntries.data })
    .from(catalogEntries)
    .where(and(inArray(catalogEntries.tableName, Object.values(WITHHOLDING_CATALOG)), eq(catalogEntries.active, true)));
  return new Map(rows.map((r) => [`${r.tableName}\u0000${r.code}`, { code: r.code, name: r.name, data: r.data as WithholdingRateEntry['data'] }]));
}

/** periodoFiscal of a 'YYYY-MM-DD' date: 'MM/AAAA'. */
export const periodoFiscalOf = (fecha: string) => `${fecha.slice(5, 7)}/${fecha.slice(0, 4)}`;

/** A percent as the XML writes it: "2", "1.75", "100". */
const percentText = (p: number) => new Decimal(p).toString();

/**
 * A retención with its percent (given, else the catalog's in force on `fecha`) and valorRetenido.
 * @throws AppError VALIDATION at `at.codigoRetencion` for a code not in its catalog or without a rate in force.
 */
export function priceRetencion(catalogs: Map<string, WithholdingRateEntry>, r: RetencionInput, fecha: string, at: string): StoredRetencion {
  const table = WITHHOLDING_CATALOG[r.codigo];
  const entry = catalogs.get(`${table}\u0000${r.codigoRetencion}`);
  if (!entry) throw invalid(`${at}.codigoRetencion`, `"${r.codigoRetencion}" no es un código vigente de la tabla ${table}`);
  let percent = r.porcentajeRetener;
  if (percent === undefined) {
    try {
      percent = rateInForce(entry, fecha);
    } catch (err) {
      throw invalid(`${at}.codigoRetencion`, (err as Error).message);
    }
  }
  return { codigo: r.codigo, codigoRetencion: r.codigoRetencion, baseImponible: money2(r.baseImponible), porcentajeRetener: percentText(percent), valorRetenido: valorRetenido(r.baseImponible, percent) };
}

async function toDocSustento(o: SaveDraftOptions, d: DocSustentoInput, i: number, p: { fecha: string; supplier: SupplierData; catalogs: Map<string, WithholdingRateEntry> }): Promise<StoredDocSustento> {
  const at = `docsSustento.${i}`;
  if (d.receivedDocument && d.purchaseSettlement) throw invalid(`${at}.purchaseSettlement`, 'Indique un comprobante recibido o una liquidación de compra, no ambos');
  let source: SustentoSource | undefined;
  if (d.receivedDocument || d.purchaseSettlement) {
    source = await loadSustentoSource(o.db, { companyId: o.companyId, receivedDocument: d.receivedDocument, purchaseSettlement: d.purchaseSettlement, at });
    if (source.kind === 'receivedDocument' && source.identificacionVendedor !== p.supplier.identificacion) {
      throw invalid('supplier', `El sujeto retenido (${p.supplier.identificacion}) no es el emisor del comprobante recibido (${source.identificacionVendedor} ${source.razonSocialVendedor})`);
    }
  }
  const codDocSustento = d.codDocSustento ?? source?.codDocSustento;
  const numDocSustento = d.numDocSustento ?? source?.numDocSustento;
  const fechaEmisionDocSustento = d.fechaEmisionDocSustento ?? source?.fechaEmisionDocSustento;
  const totalSinImpuestos = d.totalSinImpuestos !== undefined ? money2(d.totalSinImpuestos) : source?.totalSinImpuestos;
  const importeTotal = d.importeTotal !== undefined ? money2(d.importeTotal) : source?.importeTotal;
  const impuestos = d.impuestos?.length
    ? d.impuestos.map((t) => ({ codImpuestoDocSustento: t.codImpuestoDocSustento, codigoPorcentaje: t.codigoPorcentaje, baseImponible: money2(t.baseImponible), tarifa: percentText(t.tarifa), valorImpuesto: money2(t.valorImpuesto) }))
    : source?.impuestos;
  const pagos = d.pagos?.length ? d.pagos.map((pg) => ({ formaPago: pg.formaPago, total: money2(pg.total) })) : source?.pagos;
  const missing = (field: string, what: string) => invalid(`${at}.${field}`, `Indique ${what} (o el comprobante recibido del que se toma)`);
  if (!codDocSustento) throw missing('codDocSustento', 'el tipo de comprobante de sustento');
  if (!numDocSustento) throw missing('numDocSustento', 'el número del comprobante de sustento (15 dígitos)');
  if (!fechaEmisionDocSustento) throw missing('fechaEmisionDocSustento', 'la fecha de emisión del comprobante de sustento');
  if (totalSinImpuestos === undefined) throw missing('totalSinImpuestos', 'el total sin impuestos del comprobante');
  if (importeTotal === undefined) throw missing('importeTotal', 'el importe total del comprobante');
  if (!impuestos?.length) throw missing('impuestos', 'los impuestos del comprobante');
  if (!pagos?.length) throw missing('pagos', 'las formas de pago del comprobante');
  if (fechaEmisionDocSustento > p.fecha) throw invalid(`${at}.fechaEmisionDocSustento`, `El comprobante de sustento (${toSriDate(fechaEmisionDocSustento)}) no puede ser posterior a la retención (${toSriDate(p.fecha)})`);
  const numAutDocSustento = d.numAutDocSustento ?? source?.numAutDocSustento;
  return {
    ...(source ? { [source.kind]: source.id } : {}),
    codSustento: d.codSustento,
    codDocSustento,
    numDocSustento,
    fechaEmisionDocSustento,
    ...(numAutDocSustento ? { numAutDocSustento } : {}),
    totalSinImpuestos,
    importeTotal,
    impuestos,
    retenciones: d.retenciones.map((r, j) => priceRetencion(p.catalogs, r, p.fecha, `${at}.retenciones.${j}`)),
    pagos,
  };
}

export async function saveComprobanteRetencionDraft(o: SaveDraftOptions): Promise<ComprobanteRow> {
  const { data, extra } = await preparedDraftBody(o, { schema: withholdingSchema, columns: COLUMNS });
  const establishment = await resolveEmissionPoint(o.db, { companyId: o.companyId, scope: o.scope, establishmentId: data.establishment, ptoEmi: data.ptoEmi });
  const supplierId = data.supplier;
  const supplier = await loadSupplier(o.db, o.companyId, supplierId);
  const today = guayaquilDate(o.now);
  const fecha = data.fechaEmision ?? today;
  if (fecha > today) throw invalid('fechaEmision', `La fecha de emisión no puede ser futura (hoy es ${toSriDate(today)})`);

  const catalogs = await withholdingCatalogs(o.db);
  const docsSustento: StoredDocSustento[] = [];
  for (const [i, d] of data.docsSustento.entries()) docsSustento.push(await toDocSustento(o, d, i, { fecha, supplier, catalogs }));
  const total = docsSustento.flatMap((d) => d.retenciones).reduce((s, r) => s.plus(r.valorRetenido), new Decimal(0)).toFixed(2);
  const periodoFiscal = periodoFiscalOf(fecha);
  const detail: RetencionDetail = {
    supplier: supplierId,
    tipoIdentificacionSujetoRetenido: supplier.tipoIdentificacion,
    razonSocialSujetoRetenido: supplier.razonSocial,
    identificacionSujetoRetenido: supplier.identificacion,
    parteRel: supplier.parteRelacionada ? 'SI' : 'NO',
    periodoFiscal,
    docsSustento,
    mailTo: supplier.email ? [supplier.email] : [],
  };
  const first = docsSustento[0];

  return writeDraft(o.db, {
    companyId: o.companyId,
    codDoc: o.meta.codDoc,
    userId: o.userId,
    id: o.id,
    values: {
      ...draftHeaderColumns({ establishment, ptoEmi: data.ptoEmi, counterpart: { customerId: null, razonSocial: supplier.razonSocial, identificacion: supplier.identificacion } }),
      fechaEmision: fecha,
      relatedId: first.receivedDocument ?? first.purchaseSettlement ?? null,
      ...noSaleColumns(),
      importeTotal: total,
      infoAdicional: storedInfoAdicional(data.infoAdicional),
      typeDetail: retencionDetail.write(detail),
      // For the list rows (list.json), which carry `extra` but not type_detail.
      extra: { ...extra, periodoFiscal, numDocSustentoResumen: docsSustento.map((d) => dashedNumero(d.numDocSustento)).join('; ') },
      updatedAt: o.now,
    },
  });
}
