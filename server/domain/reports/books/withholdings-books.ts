/**
 * Retenciones emitidas and recibidas (`GET /api/reports/withholdings-issued`,
 * `/withholdings-received`, DESIGN.md §11): one row per withholding line, by date: the retención's
 * number and counterpart, the document withheld, tax (renta / IVA), code, base, percentage, value
 * and clave de acceso. Issued: our comprobantes de retención AUTORIZADA (establishment and emission
 * point: the retención's). Received: those customers issued to us, confirmed with the SRI
 * (establishment and emission point: of our document withheld). Rows link to the retención
 * (`documentId`).
 */
import { and, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { trustedReceived } from '../trusted-received.ts';
import { bookOrder, dateRange, money, numero, runBook, searchPattern, str, type BookFilters, type BookQuery } from './book-query.ts';

export type WithholdingBookRow = {
  /** Unique per line: the retención's id, docSustento and line positions. */
  _id: string;
  resource: string;
  documentId: string;
  fechaEmision: string;
  numero: string;
  identificacion: string;
  razonSocial: string;
  /** The document withheld: '001-001-000000001'. */
  docSustento: string;
  /** 'Renta' | 'IVA' | 'ISD'. */
  impuesto: string;
  codigoRetencion: string;
  baseImponible: number;
  porcentajeRetener: number;
  valorRetenido: number;
  claveAcceso: string;
};

const TAX: Record<string, string> = { '1': 'Renta', '2': 'IVA', '6': 'ISD' };
const SORTABLE = { fechaEmision: 'fecha', numero: 'estab, pto_emi, secuencial', razonSocial: 'razon_social', valorRetenido: 'valor' };
const dashed = (n: string) => (/^\d{15}$/.test(n) ? `${n.slice(0, 3)}-${n.slice(3, 6)}-${n.slice(6)}` : n);

async function linesBook(db: Db, q: BookQuery, resource: string, from: SQL): Promise<{ items: WithholdingBookRow[]; total: number }> {
  const perPage = q.per_page ?? 20;
  const offset = ((q.page ?? 1) - 1) * perPage;
  const order = bookOrder(q.sort, SORTABLE, 'fecha asc, estab asc, pto_emi asc, secuencial asc, doc_n asc, line_n asc');
  return runBook(db, {
    rows: sql`select * from (${from}) w order by ${order} limit ${perPage} offset ${offset}`,
    count: sql`select count(*) as n from (${from}) w`,
    map: (r) => ({
      _id: `${str(r.id)}-${str(r.doc_n)}-${str(r.line_n)}`,
      resource,
      documentId: str(r.id),
      fechaEmision: str(r.fecha),
      numero: numero(r.estab, r.pto_emi, r.secuencial),
      identificacion: str(r.identificacion),
      razonSocial: str(r.razon_social),
      docSustento: dashed(str(r.num_doc_sustento)),
      impuesto: TAX[str(r.codigo)] ?? str(r.codigo),
      codigoRetencion: str(r.codigo_retencion),
      baseImponible: money(r.base),
      porcentajeRetener: Number(r.porcentaje ?? 0),
      valorRetenido: money(r.valor),
      claveAcceso: str(r.clave_acceso),
    }),
  });
}

const lineColumns = sql`d.ord as doc_n, d.value->>'numDocSustento' as num_doc_sustento, l.ord as line_n, l.value->>'codigo' as codigo,
  l.value->>'codigoRetencion' as codigo_retencion, (l.value->>'baseImponible')::numeric as base, (l.value->>'porcentajeRetener')::numeric as porcentaje,
  (l.value->>'valorRetenido')::numeric as valor`;

/** Our retenciones, one row per line. */
export function withholdingsIssuedBook(db: Db, f: BookFilters, q: BookQuery): Promise<{ items: WithholdingBookRow[]; total: number }> {
  const search = f.q ? searchPattern(f.q) : undefined;
  const where = and(
    sql`c.company_id = ${f.companyId} and c.cod_doc = '07' and c.status = 'AUTORIZADA'`,
    dateRange(sql`c.fecha_emision`, f),
    f.estab ? sql`c.estab = ${f.estab}` : undefined,
    f.ptoEmi ? sql`c.pto_emi = ${f.ptoEmi}` : undefined,
    search ? sql`(c.razon_social_comprador ilike ${search} or c.identificacion_comprador ilike ${search})` : undefined,
  );
  return linesBook(db, q, 'withholding', sql`
    select c.id, c.fecha_emision as fecha, c.estab, c.pto_emi, c.secuencial, c.identificacion_comprador as identificacion,
      c.razon_social_comprador as razon_social, c.clave_acceso, ${lineColumns}
    from comprobante c
      cross join lateral jsonb_array_elements(c.type_detail->'docsSustento') with ordinality d(value, ord)
      cross join lateral jsonb_array_elements(d.value->'retenciones') with ordinality l(value, ord)
    where ${where}`);
}

/** Retenciones customers issued to us (confirmed), one row per line. */
export function withholdingsReceivedBook(db: Db, f: BookFilters, q: BookQuery): Promise<{ items: WithholdingBookRow[]; total: number }> {
  const search = f.q ? searchPattern(f.q) : undefined;
  const where = and(
    sql`rd.company_id = ${f.companyId} and rd.cod_doc = '07' and ${trustedReceived('rd')}`,
    dateRange(sql`rd.fecha_emision`, f),
    f.estab ? sql`left(d.value->>'numDocSustento', 3) = ${f.estab}` : undefined,
    f.ptoEmi ? sql`substr(d.value->>'numDocSustento', 4, 3) = ${f.ptoEmi}` : undefined,
    search ? sql`(rd.razon_social_emisor ilike ${search} or rd.ruc_emisor ilike ${search})` : undefined,
  );
  return linesBook(db, q, 'received-document', sql`
    select rd.id, rd.fecha_emision as fecha, rd.estab, rd.pto_emi, rd.secuencial::int as secuencial, rd.ruc_emisor as identificacion,
      rd.razon_social_emisor as razon_social, rd.clave_acceso, ${lineColumns}
    from received_document rd
      cross join lateral jsonb_array_elements(rd.detail->'docsSustento') with ordinality d(value, ord)
      cross join lateral jsonb_array_elements(d.value->'retenciones') with ordinality l(value, ord)
    where ${where}`);
}
