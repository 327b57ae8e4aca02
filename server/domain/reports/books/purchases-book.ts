/**
 * Libro de compras (`GET /api/reports/purchases-book`, DESIGN.md §11): the received facturas, notas
 * de crédito and notas de débito the SRI confirmed (trusted-received.ts) and the company's own
 * liquidaciones de compra AUTORIZADA, by date, with the same columns as the libro de ventas; the
 * retenciones column is what we withheld on each (our AUTORIZADA retención whose first
 * docSustento is the document). Notas de crédito negative. The establishment and emission point
 * filters are the company's: a liquidación's own, and for a received document the one of the
 * retención that recorded it.
 */
import { and, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { metaByCodDoc } from '../../../../core/comprobante-types.ts';
import { trustedReceived } from '../trusted-received.ts';
import { basesLateral, bookAmounts, bookOrder, dateRange, numero, runBook, searchPattern, str, type BookFilters, type BookQuery } from './book-query.ts';
import type { BookRow } from './sales-book.ts';

const SORTABLE = { fechaEmision: 'fecha', numero: 'estab, pto_emi, secuencial', razonSocial: 'razon_social', total: 'importe_total' };

/** @example await purchasesBook(db, filters, { page: 1 }) */
export async function purchasesBook(db: Db, f: BookFilters, q: BookQuery): Promise<{ items: BookRow[]; total: number }> {
  const search = f.q ? searchPattern(f.q) : undefined;
  const received = and(
    sql`rd.company_id = ${f.companyId} and rd.cod_doc in ('01', '04', '05') and ${trustedReceived('rd')}`,
    dateRange(sql`rd.fecha_emision`, f),
    f.estab || f.ptoEmi ? sql`exists (select 1 from comprobante r where r.company_id = rd.company_id and r.related_id = rd.id and r.cod_doc = '07' and r.status = 'AUTORIZADA' ${f.estab ? sql`and r.estab = ${f.estab}` : sql``} ${f.ptoEmi ? sql`and r.pto_emi = ${f.ptoEmi}` : sql``})` : undefined,
    search ? sql`(rd.razon_social_emisor ilike ${search} or rd.ruc_emisor ilike ${search} or (rd.estab || '-' || rd.pto_emi || '-' || rd.secuencial) like ${search})` : undefined,
  );
  const own = and(
    sql`c.company_id = ${f.companyId} and c.status = 'AUTORIZADA' and c.cod_doc = '03'`,
    dateRange(sql`c.fecha_emision`, f),
    f.estab ? sql`c.estab = ${f.estab}` : undefined,
    f.ptoEmi ? sql`c.pto_emi = ${f.ptoEmi}` : undefined,
    search ? sql`(c.razon_social_comprador ilike ${search} or c.identificacion_comprador ilike ${search} or (c.estab || '-' || c.pto_emi || '-' || lpad(c.secuencial::text, 9, '0')) like ${search})` : undefined,
  );
  const withheld = (alias: string) =>
    sql.raw(`(select coalesce(sum(r.importe_total), 0) from comprobante r where r.company_id = ${alias}.company_id and r.related_id = ${alias}.id and r.cod_doc = '07' and r.status = 'AUTORIZADA')`);
  const union = sql`
    select rd.id, rd.cod_doc, rd.fecha_emision as fecha, rd.estab, rd.pto_emi, rd.secuencial::int as secuencial, rd.ruc_emisor as identificacion,
      rd.razon_social_emisor as razon_social, rd.clave_acceso, rd.importe_total, rd.impuestos as taxes, ${withheld('rd')} as retenciones
    from received_document rd where ${received}
    union all
    select c.id, c.cod_doc, c.fecha_emision, c.estab, c.pto_emi, c.secuencial, c.identificacion_comprador, c.razon_social_comprador,
      c.clave_acceso, c.importe_total, c.total_con_impuestos, ${withheld('c')}
    from comprobante c where ${own}`;
  const perPage = q.per_page ?? 20;
  const offset = ((q.page ?? 1) - 1) * perPage;
  const order = bookOrder(q.sort, SORTABLE, 'fecha asc, identificacion asc, cod_doc asc, estab asc, pto_emi asc, secuencial asc, id asc');
  return runBook(db, {
    rows: sql`
      select p.*, p.fecha::text as fecha_text, b.* from (${union}) p cross join lateral ${basesLateral(sql`p.taxes`)} b
      order by ${order} limit ${perPage} offset ${offset}`,
    count: sql`select count(*) as n from (${union}) p`,
    map: (r) => {
      const codDoc = str(r.cod_doc);
      const own = codDoc === '03';
      return {
        _id: str(r.id),
        resource: own ? 'purchase-settlement' : 'received-document',
        codDoc,
        tipo: metaByCodDoc(codDoc)?.label ?? codDoc,
        fechaEmision: str(r.fecha_text),
        numero: numero(r.estab, r.pto_emi, r.secuencial),
        identificacion: str(r.identificacion),
        razonSocial: str(r.razon_social),
        ...bookAmounts(r, codDoc),
      };
    },
  });
}
