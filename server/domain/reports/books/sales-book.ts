/**
 * Libro de ventas (`GET /api/reports/sales-book`, DESIGN.md §11): one row per issued factura (01),
 * nota de crédito (04) and nota de débito (05) AUTORIZADA, by date: the buyer, the bases per IVA
 * rate, no objeto, exenta, IVA, ICE, total, the retenciones customers issued on the factura
 * (confirmed received documents) and the clave de acceso. A nota de crédito's amounts are negative,
 * so a column's sum is the period's net. Filters: dates, establishment, emission point, search (name,
 * identification, number); read on the (company_id, status, fecha_emision) index.
 */
import { and, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { metaByCodDoc } from '../../../../core/comprobante-types.ts';
import { trustedReceived } from '../trusted-received.ts';
import { basesLateral, bookAmounts, bookOrder, dateRange, numero, runBook, searchPattern, str, type BookFilters, type BookQuery } from './book-query.ts';

export type BookRow = {
  _id: string;
  /** The API resource of the document (the row links to it). */
  resource: string;
  codDoc: string;
  tipo: string;
  fechaEmision: string;
  numero: string;
  identificacion: string;
  razonSocial: string;
  base0: number;
  base5: number;
  base15: number;
  baseOtra: number;
  noObjeto: number;
  exenta: number;
  iva: number;
  ice: number;
  total: number;
  retenciones: number;
  claveAcceso: string;
};

const SORTABLE = { fechaEmision: 'c.fecha_emision', numero: 'c.estab, c.pto_emi, c.secuencial', razonSocial: 'c.razon_social_comprador', total: 'c.importe_total' };

/** @example await salesBook(db, filters, { sort: '-fechaEmision', page: 1, per_page: 20 }) */
export async function salesBook(db: Db, f: BookFilters, q: BookQuery): Promise<{ items: BookRow[]; total: number }> {
  const where = and(
    sql`c.company_id = ${f.companyId} and c.status = 'AUTORIZADA' and c.cod_doc in ('01', '04', '05')`,
    dateRange(sql`c.fecha_emision`, f),
    f.estab ? sql`c.estab = ${f.estab}` : undefined,
    f.ptoEmi ? sql`c.pto_emi = ${f.ptoEmi}` : undefined,
    f.q ? sql`(c.razon_social_comprador ilike ${searchPattern(f.q)} or c.identificacion_comprador ilike ${searchPattern(f.q)} or (c.estab || '-' || c.pto_emi || '-' || lpad(c.secuencial::text, 9, '0')) like ${searchPattern(f.q)})` : undefined,
  );
  const perPage = q.per_page ?? 20;
  const offset = ((q.page ?? 1) - 1) * perPage;
  const order = bookOrder(q.sort, SORTABLE, 'c.fecha_emision asc, c.estab asc, c.pto_emi asc, c.cod_doc asc, c.secuencial asc');
  return runBook(db, {
    rows: sql`
      select c.id, c.cod_doc, c.fecha_emision::text as fecha, c.estab, c.pto_emi, c.secuencial, c.identificacion_comprador, c.razon_social_comprador,
        c.clave_acceso, c.importe_total, b.*,
        case when c.cod_doc = '01' then (select coalesce(sum(rd.importe_total), 0) from received_document rd
          where rd.company_id = c.company_id and rd.related_id = c.id and rd.cod_doc = '07' and ${trustedReceived('rd')}) else 0 end as retenciones
      from comprobante c cross join lateral ${basesLateral(sql`c.total_con_impuestos`)} b
      where ${where} order by ${order} limit ${perPage} offset ${offset}`,
    count: sql`select count(*) as n from comprobante c where ${where}`,
    map: (r) => {
      const codDoc = str(r.cod_doc);
      return {
        _id: str(r.id),
        resource: metaByCodDoc(codDoc)?.resource ?? 'invoice',
        codDoc,
        tipo: metaByCodDoc(codDoc)?.label ?? codDoc,
        fechaEmision: str(r.fecha),
        numero: numero(r.estab, r.pto_emi, r.secuencial),
        identificacion: str(r.identificacion_comprador),
        razonSocial: str(r.razon_social_comprador),
        ...bookAmounts(r, codDoc),
      };
    },
  });
}
