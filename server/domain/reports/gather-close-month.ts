/**
 * Reads one company's month for the ATS, the formularios and the check (DESIGN.md §11): a handful
 * of set-based statements, each filtered by `company_id` first and a date range on an index that
 * starts with it (comprobante (company_id, status, fecha_emision), received_document (company_id,
 * fecha_emision), comprobante (company_id, related_id)), so a month of 50,000 documents is read in
 * a few scans, never one query per document. What it returns is pure data for the builders
 * (ats/ats-rows.ts, forms/form-104.ts, forms/form-103.ts).
 *
 * Rules (DESIGN.md §11 and the contract with issue 24): received documents only when trusted
 * (trusted-received.ts); issued comprobantes only AUTORIZADA (an ANULADA one is out of sales and
 * purchases, and goes to `anulados` as the company's setting says). Purchases and sales belong to
 * the month of their fechaEmision; retenciones received to the month of their own date; our
 * retenciones attach to the purchase they support (any date), and those dated in the month feed
 * the 103 and the 104's 7xx boxes.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { atsSettingsOf } from '../../../core/ats-settings.ts';
import { AppError } from '../../errors.ts';
import type { AtsAnulado, AtsCompra, AtsMonth, RetencionLine, TaxTotal } from './ats/ats-month.ts';
import type { FormDoc, FormsMonth } from './forms/form-month.ts';
import { splitNumero } from './ats/ats-codes.ts';
import { monthEndAfter, type Period } from './period.ts';
import { trustedReceived, unconfirmedReceived } from './trusted-received.ts';
import { metaByCodDoc } from '../../../core/comprobante-types.ts';
import { queryRows } from '../../db/query-rows.ts';

/** A document the check lists (not in the ATS): unconfirmed received, or issued and not yet authorised. */
export interface PendingDoc extends FormDoc {
  codDoc: string;
  status?: string;
}

/** The month for both builders: an AtsMonth whose documents carry what the forms' drill-down shows. */
export type CloseMonth = AtsMonth & FormsMonth & {
  contribuyenteEspecial: boolean;
  /** Received documents of the month not confirmed with the SRI (first 200) and how many in all. */
  unconfirmed: { count: number; first: PendingDoc[] };
  /** Issued comprobantes of the month still waiting for the SRI (first 200) and how many in all. */
  waiting: { count: number; first: PendingDoc[] };
};

type Row = Record<string, unknown>;
const PENDING_LISTED = 200;

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
/** PGlite and node-postgres both parse json columns; text is parsed here. */
const json = <T>(v: unknown, empty: T): T => (v === null || v === undefined ? empty : typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));
const numero = (estab: unknown, ptoEmi: unknown, secuencial: unknown) => `${str(estab)}-${str(ptoEmi)}-${str(secuencial).padStart(9, '0')}`;

/** The buyer's tabla 6 code when the customer record is gone: consumidor final, RUC, cédula, else passport. */
function tipoIdentificacionOf(stored: unknown, identificacion: string): string {
  if (stored) return String(stored);
  if (identificacion === '9999999999999') return '07';
  if (/^\d{13}$/.test(identificacion)) return '04';
  if (/^\d{10}$/.test(identificacion)) return '05';
  return '06';
}

const taxesOf = (v: unknown): TaxTotal[] =>
  json<Array<Record<string, unknown>>>(v, []).map((t) => ({ codigo: str(t.codigo || '2'), codigoPorcentaje: str(t.codigoPorcentaje), baseImponible: str(t.baseImponible || '0'), valor: str(t.valor || '0') }));
const formasOf = (v: unknown): string[] => json<Array<{ formaPago?: string }>>(v, []).map((p) => str(p.formaPago)).filter(Boolean);

interface StoredDocSustento {
  receivedDocument?: string;
  purchaseSettlement?: string;
  codSustento: string;
  numDocSustento?: string;
  retenciones?: Array<Record<string, unknown>>;
}
const linesOf = (rs: Array<Record<string, unknown>> | undefined): RetencionLine[] =>
  (rs ?? []).map((r) => ({ codigo: str(r.codigo), codigoRetencion: str(r.codigoRetencion), baseImponible: str(r.baseImponible), porcentajeRetener: str(r.porcentajeRetener), valorRetenido: str(r.valorRetenido) }));

/**
 * The month of one company.
 * @param p.companyId the caller's company; nothing of another company is read.
 * @throws AppError NOT_FOUND when the company does not exist.
 * @example const month = await gatherCloseMonth(db, { companyId, period: parsePeriod('2026-03') });
 */
export async function gatherCloseMonth(db: Db, p: { companyId: string; period: Period }): Promise<CloseMonth> {
  const rows = (q: SQL): Promise<Row[]> => queryRows<Row>(db, q);
  const c = p.companyId;
  const { from, to } = p.period;
  const windowEnd = monthEndAfter(p.period, 1);
  const [companyRows, estabRows, receivedRows, issuedRows, retencionRows, recibidasRows, anuladoRows, conceptoRows, unconfirmedRows, waitingRows] = await Promise.all([
    rows(sql`select ruc, razon_social, contribuyente_especial, extra->'reportSettings'->'ats' as ats from company where id = ${c}`),
    rows(sql`select estab from establishment where company_id = ${c}`),
    rows(sql`
      select rd.id, rd.cod_doc, rd.estab, rd.pto_emi, rd.secuencial, rd.fecha_emision::text as fecha, rd.clave_acceso, rd.ruc_emisor,
        rd.razon_social_emisor, rd.impuestos, rd.importe_total::text as importe_total, rd.detail->'pagos' as pagos,
        rd.detail->>'codDocModificado' as cod_doc_modificado, rd.detail->>'numDocModificado' as num_doc_modificado
      from received_document rd
      where rd.company_id = ${c} and rd.fecha_emision between ${from} and ${to} and rd.cod_doc in ('01', '04', '05') and ${trustedReceived('rd')}
      order by rd.fecha_emision, rd.ruc_emisor, rd.estab, rd.pto_emi, rd.secuencial`),
    rows(sql`
      select c.id, c.cod_doc, c.estab, c.pto_emi, c.secuencial, c.fecha_emision::text as fecha, c.clave_acceso, c.identificacion_comprador,
        c.razon_social_comprador, cu.tipo_identificacion, c.type_detail->>'tipoIdentificacionProveedor' as tipo_proveedor,
        c.total_con_impuestos, c.pagos, c.importe_total::text as importe_total
      from comprobante c left join customer cu on cu.company_id = c.company_id and cu.id = c.customer_id
      where c.company_id = ${c} and c.status = 'AUTORIZADA' and c.fecha_emision between ${from} and ${to} and c.cod_doc in ('01', '03', '04', '05')
      order by c.fecha_emision, c.estab, c.pto_emi, c.cod_doc, c.secuencial`),
    // Our retenciones: those dated from the month's start to the next month's end (a retención is
    // due within 5 days of its purchase: LRTI art. 50), and any other supporting a purchase of the
    // month through related_id (its first docSustento).
    rows(sql`
      select c.id, c.estab, c.pto_emi, c.secuencial, c.fecha_emision::text as fecha, c.clave_acceso, c.identificacion_comprador,
        c.razon_social_comprador, c.type_detail->'docsSustento' as docs, c.type_detail->>'parteRel' as parte_rel
      from comprobante c
      where c.company_id = ${c} and c.cod_doc = '07' and c.status = 'AUTORIZADA'
        and (c.fecha_emision between ${from} and ${windowEnd}
          or c.related_id in (select rd.id from received_document rd where rd.company_id = ${c} and rd.fecha_emision between ${from} and ${to})
          or c.related_id in (select l.id from comprobante l where l.company_id = ${c} and l.status = 'AUTORIZADA' and l.cod_doc = '03' and l.fecha_emision between ${from} and ${to}))
      order by c.fecha_emision, c.secuencial`),
    rows(sql`
      select rd.id, rd.estab, rd.pto_emi, rd.secuencial, rd.fecha_emision::text as fecha, rd.ruc_emisor, rd.razon_social_emisor, rd.detail->'docsSustento' as docs
      from received_document rd
      where rd.company_id = ${c} and rd.fecha_emision between ${from} and ${to} and rd.cod_doc = '07' and ${trustedReceived('rd')}
      order by rd.fecha_emision, rd.secuencial`),
    rows(sql`
      select c.id, c.cod_doc, c.estab, c.pto_emi, c.secuencial, c.clave_acceso
      from comprobante c
      where c.company_id = ${c} and c.status = 'ANULADA' and c.fecha_emision between ${from} and ${to} and c.cod_doc in ('01', '03', '04', '05', '07')
      order by c.cod_doc, c.estab, c.pto_emi, c.secuencial`),
    rows(sql`select code, name from catalog_entry where table_name = 'retencion_renta'`),
    rows(sql`
      select rd.id, rd.cod_doc, rd.estab, rd.pto_emi, rd.secuencial, rd.fecha_emision::text as fecha, rd.ruc_emisor, rd.razon_social_emisor, count(*) over () as total
      from received_document rd
      where rd.company_id = ${c} and rd.fecha_emision between ${from} and ${to} and ${unconfirmedReceived('rd')}
      order by rd.fecha_emision limit ${PENDING_LISTED}`),
    rows(sql`
      select c.id, c.cod_doc, c.status, c.estab, c.pto_emi, c.secuencial, c.fecha_emision::text as fecha, c.identificacion_comprador, c.razon_social_comprador, count(*) over () as total
      from comprobante c
      where c.company_id = ${c} and c.status in ('FIRMADA', 'RECIBIDA', 'EN_PROCESO') and c.fecha_emision between ${from} and ${to}
      order by c.fecha_emision limit ${PENDING_LISTED}`),
  ]);
  const company = companyRows[0];
  if (!company) throw new AppError('NOT_FOUND', 'La empresa no existe');

  // Our retenciones by the purchase each docSustento supports.
  const retencionBy = new Map<string, NonNullable<AtsCompra['retencion']>>();
  const retencionesEmitidas: FormsMonth['retencionesEmitidas'] = [];
  for (const r of retencionRows) {
    const ref: FormDoc = { resource: 'withholding', _id: str(r.id), numero: numero(r.estab, r.pto_emi, r.secuencial), fechaEmision: str(r.fecha), identificacion: str(r.identificacion_comprador), razonSocial: str(r.razon_social_comprador) };
    const docs = json<StoredDocSustento[]>(r.docs, []);
    for (const d of docs) {
      const target = d.receivedDocument ?? d.purchaseSettlement;
      if (!target || retencionBy.has(target)) continue;
      retencionBy.set(target, { ref, codSustento: d.codSustento, parteRel: str(r.parte_rel) || undefined, estab: str(r.estab), ptoEmi: str(r.pto_emi), secuencial: Number(r.secuencial), autorizacion: str(r.clave_acceso), fechaEmision: str(r.fecha), lineas: linesOf(d.retenciones) });
    }
    if (str(r.fecha) >= from && str(r.fecha) <= to) retencionesEmitidas.push({ ref, lineas: docs.flatMap((d) => linesOf(d.retenciones)) });
  }

  const compras: CloseMonth['compras'] = receivedRows.map((r) => {
    const ref: FormDoc = { resource: 'received-document', _id: str(r.id), numero: numero(r.estab, r.pto_emi, r.secuencial), fechaEmision: str(r.fecha), identificacion: str(r.ruc_emisor), razonSocial: str(r.razon_social_emisor) };
    const mod = r.num_doc_modificado ? splitNumero(str(r.num_doc_modificado)) : null;
    return {
      ref,
      codDoc: str(r.cod_doc),
      tipoIdentificacion: '04',
      identificacion: str(r.ruc_emisor),
      razonSocial: str(r.razon_social_emisor),
      estab: str(r.estab),
      ptoEmi: str(r.pto_emi),
      secuencial: Number(r.secuencial),
      fechaEmision: str(r.fecha),
      autorizacion: str(r.clave_acceso),
      impuestos: taxesOf(r.impuestos),
      importeTotal: str(r.importe_total),
      formasPago: formasOf(r.pagos),
      retencion: retencionBy.get(str(r.id)) ?? null,
      ...(mod ? { modificado: { codDoc: str(r.cod_doc_modificado) || '01', ...mod } } : {}),
    };
  });
  const ventas: CloseMonth['ventas'] = [];
  for (const r of issuedRows) {
    const codDoc = str(r.cod_doc);
    const identificacion = str(r.identificacion_comprador);
    const ref: FormDoc = { resource: metaByCodDoc(codDoc)?.resource ?? 'invoice', _id: str(r.id), numero: numero(r.estab, r.pto_emi, r.secuencial), fechaEmision: str(r.fecha), identificacion, razonSocial: str(r.razon_social_comprador) };
    if (codDoc === '03') {
      compras.push({
        ref,
        codDoc,
        tipoIdentificacion: str(r.tipo_proveedor) || tipoIdentificacionOf(null, identificacion),
        identificacion,
        razonSocial: str(r.razon_social_comprador),
        estab: str(r.estab),
        ptoEmi: str(r.pto_emi),
        secuencial: Number(r.secuencial),
        fechaEmision: str(r.fecha),
        autorizacion: str(r.clave_acceso),
        impuestos: taxesOf(r.total_con_impuestos),
        importeTotal: str(r.importe_total),
        formasPago: formasOf(r.pagos),
        retencion: retencionBy.get(str(r.id)) ?? null,
      });
      continue;
    }
    ventas.push({ ref, codDoc, tipoIdentificacion: tipoIdentificacionOf(r.tipo_identificacion, identificacion), identificacion, razonSocial: str(r.razon_social_comprador), estab: str(r.estab), impuestos: taxesOf(r.total_con_impuestos), formasPago: formasOf(r.pagos) });
  }
  await attachModifiedDocuments(db, c, compras);

  const retencionesRecibidas: CloseMonth['retencionesRecibidas'] = recibidasRows.map((r) => ({
    ref: { resource: 'received-document', _id: str(r.id), numero: numero(r.estab, r.pto_emi, r.secuencial), fechaEmision: str(r.fecha), identificacion: str(r.ruc_emisor), razonSocial: str(r.razon_social_emisor) },
    identificacion: str(r.ruc_emisor),
    razonSocial: str(r.razon_social_emisor),
    lineas: json<StoredDocSustento[]>(r.docs, []).flatMap((d) => linesOf(d.retenciones)),
  }));
  const anulados: AtsAnulado[] = anuladoRows.map((r) => ({
    ref: { resource: metaByCodDoc(str(r.cod_doc))?.resource ?? 'invoice', _id: str(r.id), numero: numero(r.estab, r.pto_emi, r.secuencial) },
    codDoc: str(r.cod_doc),
    estab: str(r.estab),
    ptoEmi: str(r.pto_emi),
    secuencial: Number(r.secuencial),
    autorizacion: str(r.clave_acceso),
  }));
  const pending = (list: Row[], resourceOf: (r: Row) => string, id: (r: Row) => [string, string]) => ({
    count: Number(list[0]?.total ?? 0),
    first: list.map((r) => ({ resource: resourceOf(r), _id: str(r.id), codDoc: str(r.cod_doc), ...(r.status ? { status: str(r.status) } : {}), numero: numero(r.estab, r.pto_emi, r.secuencial), fechaEmision: str(r.fecha), identificacion: id(r)[0], razonSocial: id(r)[1] })),
  });
  return {
    ruc: str(company.ruc),
    razonSocial: str(company.razon_social),
    contribuyenteEspecial: Boolean(company.contribuyente_especial),
    year: p.period.year,
    month: p.period.month,
    establishments: estabRows.map((r) => str(r.estab)),
    compras,
    ventas,
    retencionesRecibidas,
    anulados,
    retencionesEmitidas,
    conceptosRenta: Object.fromEntries(conceptoRows.map((r) => [str(r.code), str(r.name)])),
    settings: atsSettingsOf(json(company.ats, {})),
    unconfirmed: pending(unconfirmedRows, () => 'received-document', (r) => [str(r.ruc_emisor), str(r.razon_social_emisor)]),
    waiting: pending(waitingRows, (r) => metaByCodDoc(str(r.cod_doc))?.resource ?? 'invoice', (r) => [str(r.identificacion_comprador), str(r.razon_social_comprador)]),
  };
}

/**
 * Received notas: the authorisation of the factura they modify and the codSustento of our retención
 * on it, when that factura is among the company's received documents (one statement for all notas).
 */
async function attachModifiedDocuments(db: Db, companyId: string, compras: CloseMonth['compras']): Promise<void> {
  const notas = compras.filter((c) => (c.codDoc === '04' || c.codDoc === '05') && c.modificado);
  if (!notas.length) return;
  const keys = sql.join(
    notas.map((n) => sql`(${n.identificacion}, ${n.modificado!.estab}, ${n.modificado!.ptoEmi}, ${String(n.modificado!.secuencial).padStart(9, '0')})`),
    sql`, `,
  );
  const found = await queryRows<Row>(db, sql`
    select rd.id, rd.ruc_emisor, rd.estab, rd.pto_emi, rd.secuencial, rd.clave_acceso,
      (select d->>'codSustento' from comprobante r cross join lateral jsonb_array_elements(r.type_detail->'docsSustento') d
        where r.company_id = rd.company_id and r.related_id = rd.id and r.cod_doc = '07' and r.status = 'AUTORIZADA' and d->>'receivedDocument' = rd.id::text
        limit 1) as cod_sustento
    from received_document rd
    where rd.company_id = ${companyId} and rd.cod_doc = '01' and (rd.ruc_emisor, rd.estab, rd.pto_emi, rd.secuencial) in (${keys})`);
  const byKey = new Map(found.map((r) => [`${str(r.ruc_emisor)}|${str(r.estab)}|${str(r.pto_emi)}|${Number(r.secuencial)}`, r]));
  for (const n of notas) {
    const hit = byKey.get(`${n.identificacion}|${n.modificado!.estab}|${n.modificado!.ptoEmi}|${n.modificado!.secuencial}`);
    if (!hit) continue;
    n.modificado!.autorizacion = str(hit.clave_acceso);
    if (hit.cod_sustento) n.codSustentoModificado = str(hit.cod_sustento);
  }
}
