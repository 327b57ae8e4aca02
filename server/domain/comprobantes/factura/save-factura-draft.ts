/**
 * Create or replace an invoice draft (status BORRADOR). The server always recomputes every total
 * with core/totals (decimal arithmetic) and ignores totals sent by a client. Buyer, establishment,
 * emission point and products must belong to the caller's company; product codes and descriptions
 * are copied onto the lines so the document stays as issued even if the product changes later.
 * Consumidor final (tipo 07) sales are capped per invoice (config, default USD 50).
 * @throws AppError VALIDATION (details with paths), NOT_FOUND, INVOICE_LOCKED (not a draft), FORBIDDEN
 *   (a point outside the caller's emission scope, path `ptoEmi`).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { catalogEntries, customers, establishments, comprobantes, products } from '../../../db/schema/index-tables.ts';
import type { SchemaRegistry } from '../../../schemas/registry.ts';
import { computeInvoiceTotals } from '../../../../core/totals.ts';
import { guayaquilDate } from '../../../../core/guayaquil-date.ts';
import { assertConsumidorFinalCap } from './factura-rules.ts';
import { AppError, notFound } from '../../../errors.ts';
import { prepareBody, splitColumns } from '../../resources/prepare-body.ts';
import type { InvoiceRow } from '../comprobante-view.ts';
import { assertPointInScope, type EmissionScope } from '../../users/emission-scope.ts';

export interface SaveInvoiceDraftOptions {
  db: Db;
  companyId: string;
  /** The creating user (invoice.created_by); null when an API key creates it. */
  userId: string | null;
  /** The caller's emission points (empty = all): a draft elsewhere is refused. */
  scope?: EmissionScope;
  schemas: SchemaRegistry;
  consumidorFinalCap: number;
  now: Date;
  body: unknown;
  /** Replace this draft (PUT); absent to create. */
  id?: string;
}

interface DetalleInput {
  product: string;
  descripcion?: string;
  cantidad: number;
  precioUnitario: number;
  descuento?: number;
  codigoPorcentajeIva: string;
}

interface PagoInput {
  formaPago: string;
  total: number;
  plazo?: number;
  unidadTiempo?: string;
}

/**
 * A payment as stored and put in the XML (SRI `pago`): formaPago, total (2-decimal string), plazo and
 * unidadTiempo when given; anything else a client sends is not kept.
 */
export function toStoredPago(p: PagoInput): { formaPago: string; total: string; plazo?: number; unidadTiempo?: string } {
  return {
    formaPago: p.formaPago,
    total: Number(p.total).toFixed(2),
    ...(p.plazo !== undefined ? { plazo: p.plazo } : {}),
    ...(p.unidadTiempo !== undefined ? { unidadTiempo: p.unidadTiempo } : {}),
  };
}

const INVOICE_COLUMNS = { establishment: 1, ptoEmi: 1, customer: 1, fechaEmision: 1, detalles: 1, pagos: 1, infoAdicional: 1 };
const invalid = (path: string, message: string) => new AppError('VALIDATION', message, { details: [{ path, message }] });

/** IVA rates as data: tarifa_iva catalog codigoPorcentaje -> % (SRI tabla 17). */
export async function ivaRates(db: Db): Promise<Record<string, number>> {
  const rows = await db.select({ code: catalogEntries.code, data: catalogEntries.data }).from(catalogEntries).where(eq(catalogEntries.tableName, 'tarifa_iva'));
  return Object.fromEntries(rows.map((r) => [r.code, Number((r.data as { tarifa?: number }).tarifa ?? 0)]));
}

export async function saveInvoiceDraft(o: SaveInvoiceDraftOptions): Promise<InvoiceRow> {
  if (o.id) {
    // Another company's invoice is 404 before anything about the body is said.
    const [existing] = await o.db.select({ status: comprobantes.status }).from(comprobantes).where(and(eq(comprobantes.companyId, o.companyId), eq(comprobantes.id, o.id)));
    if (!existing) throw notFound('La factura');
    if (existing.status !== 'BORRADOR') throw new AppError('INVOICE_LOCKED', `La factura está ${existing.status} y ya no se puede modificar`);
  }
  const data = await prepareBody({ db: o.db, registry: o.schemas, name: 'invoice', companyId: o.companyId, body: o.body });
  const { extra } = splitColumns(data, INVOICE_COLUMNS);
  const detallesIn = data.detalles as DetalleInput[];

  const [establishment] = await o.db
    .select()
    .from(establishments)
    .where(and(eq(establishments.companyId, o.companyId), eq(establishments.id, String(data.establishment))));
  if (!establishment) throw invalid('establishment', 'El establecimiento no existe');
  if (!establishment.puntosEmision.some((p) => p.ptoEmi === data.ptoEmi)) {
    throw invalid('ptoEmi', `El punto de emisión ${String(data.ptoEmi)} no pertenece al establecimiento ${establishment.estab}`);
  }
  assertPointInScope(o.scope, { estab: establishment.estab, ptoEmi: String(data.ptoEmi) });
  const [customer] = await o.db.select().from(customers).where(and(eq(customers.companyId, o.companyId), eq(customers.id, String(data.customer))));
  if (!customer) throw invalid('customer', 'El cliente no existe');

  const productIds = [...new Set(detallesIn.map((d) => d.product))];
  const productRows = await o.db.select().from(products).where(and(eq(products.companyId, o.companyId), inArray(products.id, productIds)));
  const byId = new Map(productRows.map((p) => [p.id, p]));
  detallesIn.forEach((d, i) => {
    if (!byId.has(d.product)) throw invalid(`detalles.${i}.product`, 'El producto no existe');
  });

  let totals;
  try {
    totals = computeInvoiceTotals({
      detalles: detallesIn.map((d) => ({ cantidad: d.cantidad, precioUnitario: d.precioUnitario, descuento: d.descuento ?? 0, codigoPorcentajeIva: d.codigoPorcentajeIva })),
      rates: await ivaRates(o.db),
    });
  } catch (err) {
    const message = (err as Error).message;
    const at = /detalles\[(\d+)\]\.(\w+)/.exec(message);
    throw invalid(at ? `detalles.${at[1]}.${at[2]}` : 'detalles', message);
  }

  assertConsumidorFinalCap({ tipoIdentificacion: customer.tipoIdentificacion, importeTotal: totals.importeTotal, cap: o.consumidorFinalCap });

  const detalles = detallesIn.map((d, i) => {
    const product = byId.get(d.product)!;
    const line = totals.detalles[i];
    return {
      product: d.product,
      codigoPrincipal: product.codigoPrincipal,
      codigoAuxiliar: product.codigoAuxiliar ?? undefined,
      descripcion: d.descripcion?.trim() || product.descripcion,
      cantidad: String(d.cantidad),
      precioUnitario: String(d.precioUnitario),
      descuento: String(d.descuento ?? 0),
      codigoPorcentajeIva: d.codigoPorcentajeIva,
      tarifa: line.tarifa,
      precioTotalSinImpuesto: line.precioTotalSinImpuesto,
      valorIva: line.valor,
    };
  });
  const values = {
    establishmentId: establishment.id,
    estab: establishment.estab,
    ptoEmi: String(data.ptoEmi),
    customerId: customer.id,
    razonSocialComprador: customer.razonSocial,
    identificacionComprador: customer.identificacion,
    fechaEmision: (data.fechaEmision as string | undefined) ?? guayaquilDate(o.now),
    detalles,
    pagos: ((data.pagos as PagoInput[] | undefined) ?? []).map(toStoredPago),
    infoAdicional: ((data.infoAdicional as Array<{ nombre: string; valor: string }> | undefined) ?? []).map(({ nombre, valor }) => ({ nombre, valor })),
    totalSinImpuestos: totals.totalSinImpuestos,
    totalDescuento: totals.totalDescuento,
    totalConImpuestos: totals.totalConImpuestos,
    totalIva: totals.iva,
    propina: totals.propina,
    importeTotal: totals.importeTotal,
    extra,
    updatedAt: o.now,
  };

  if (!o.id) {
    const [row] = await o.db.insert(comprobantes).values({ ...values, companyId: o.companyId, createdBy: o.userId, status: 'BORRADOR' }).returning();
    return row;
  }
  const [row] = await o.db
    .update(comprobantes)
    .set(values)
    .where(and(eq(comprobantes.companyId, o.companyId), eq(comprobantes.id, o.id), eq(comprobantes.status, 'BORRADOR')))
    .returning();
  if (row) return row;
  const [existing] = await o.db.select({ status: comprobantes.status }).from(comprobantes).where(and(eq(comprobantes.companyId, o.companyId), eq(comprobantes.id, o.id)));
  if (!existing) throw notFound('La factura');
  throw new AppError('INVOICE_LOCKED', `La factura está ${existing.status} y ya no se puede modificar`);
}
