/**
 * The retenciones customers issued to us on one of our facturas (received documents of codDoc 07
 * linked to it by import-received-document.ts), for the factura's API view
 * (`GET /api/invoice/{_id}` -> `retencionesRecibidas`).
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { receivedDocuments as rd } from '../../db/schema/index-tables.ts';
import { receivedNumero } from './received-view.ts';
import type { RetencionRecibida } from '../../../core/retencion-recibida.ts';

export type { RetencionRecibida };

/** @example await retencionesRecibidasOf(db, { companyId, facturaId }) // [{ numero: '001-001-000000004', valorRetenido: 3.75, … }] */
export async function retencionesRecibidasOf(db: Db, p: { companyId: string; facturaId: string }): Promise<RetencionRecibida[]> {
  const rows = await db
    .select({ id: rd.id, claveAcceso: rd.claveAcceso, estab: rd.estab, ptoEmi: rd.ptoEmi, secuencial: rd.secuencial, fechaEmision: rd.fechaEmision, razonSocialEmisor: rd.razonSocialEmisor, importeTotal: rd.importeTotal })
    .from(rd)
    .where(and(eq(rd.companyId, p.companyId), eq(rd.relatedId, p.facturaId), eq(rd.codDoc, '07')))
    .orderBy(asc(rd.fechaEmision), asc(rd.createdAt));
  return rows.map((r) => ({ _id: r.id, claveAcceso: r.claveAcceso, numero: receivedNumero(r), fechaEmision: r.fechaEmision, razonSocialEmisor: r.razonSocialEmisor, valorRetenido: Number(r.importeTotal) }));
}
