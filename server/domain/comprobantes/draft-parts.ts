/**
 * Pieces every comprobante draft is made of, shared by the types' saveDraft: the emission point
 * (establishment + ptoEmi of the company, inside the caller's scope), the lines priced with
 * core/totals (decimal arithmetic; the server always recomputes, client totals are ignored), the
 * header columns (emission point, counterpart snapshot) and the total columns of the
 * `comprobante` row.
 * @throws AppError VALIDATION with the field path (`establishment`, `ptoEmi`, `detalles.2.cantidad`),
 *   FORBIDDEN (a point outside the caller's emission scope, path `ptoEmi`).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { catalogEntries, comprobantes, establishments, products } from '../../db/schema/index-tables.ts';
import { computeInvoiceTotals, type InvoiceTotals } from '../../../core/totals.ts';
import { AppError, notFound, COMPROBANTE_LOCKED } from '../../errors.ts';
import { theLabelOf as the } from './comprobante-labels.ts';
import { assertPointInScope, type EmissionScope } from '../users/emission-scope.ts';
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { ComprobanteRow, DraftFormSchema, EstablishmentRow, SaveDraftOptions } from './comprobante-type.ts';
import { prepareBody, splitColumns } from '../resources/prepare-body.ts';
import { totalsMessage } from '../../../core/validation-messages.ts';
import { findComprobanteColumns, insertDraft, updateDraft, type DraftValues } from '../../db/repositories/comprobantes.ts';

export const invalid = (path: string, message: string) => new AppError('VALIDATION', message, { details: [{ path, message }] });

/** IVA rates as data: tarifa_iva catalog codigoPorcentaje -> % (SRI tabla 17). */
export async function ivaRates(db: Db): Promise<Record<string, number>> {
  const rows = await db.select({ code: catalogEntries.code, data: catalogEntries.data }).from(catalogEntries).where(eq(catalogEntries.tableName, 'tarifa_iva'));
  return Object.fromEntries(rows.map((r) => [r.code, Number((r.data as { tarifa?: number }).tarifa ?? 0)]));
}

/** The company's establishment `establishmentId` with `ptoEmi` among its points, in the caller's scope. */
export async function resolveEmissionPoint(db: Db, p: { companyId: string; scope?: EmissionScope; establishmentId: string; ptoEmi: string }): Promise<EstablishmentRow> {
  const [establishment] = await db.select().from(establishments).where(and(eq(establishments.companyId, p.companyId), eq(establishments.id, p.establishmentId)));
  if (!establishment) throw invalid('establishment', 'El establecimiento no existe');
  if (!establishment.puntosEmision.some((pt) => pt.ptoEmi === p.ptoEmi)) {
    throw invalid('ptoEmi', `El punto de emisión ${p.ptoEmi} no pertenece al establecimiento ${establishment.estab}`);
  }
  assertPointInScope(p.scope, { estab: establishment.estab, ptoEmi: p.ptoEmi });
  return establishment;
}

/**
 * A draft body once saveDraft has validated it: the type of its form schema (the generated
 * `as const` copy of src/schemas/<resource>/schema.json), plus any field the company's screen
 * added (`[name: string]: unknown`). Read-only fields are dropped before validation.
 * @example type FacturaBody = DraftBody<typeof invoiceSchema>; // { customer: string; detalles: {...}[]; pagos?: ... }
 */
export type DraftBody<S> = S extends JSONSchema ? FromSchema<S> : never;

/**
 * The start of every type's saveDraft: a replaced draft must be the company's, of this type and
 * still a draft (checked before the body, so another company's is 404 whatever it sent); then the
 * body validated against the company's effective schema of the type's form (`src/schemas/<resource>`
 * with the company's screen layer) and checked (catalogs, refs, identifications); `extra` holds its
 * properties that have no column in `columns`.
 * The validated body is typed from the bundled form schema: the company's layer adds fields and
 * `required`s but cannot relax or retype the form's own (merge-company-layer.ts), so what passed
 * the effective schema has the form schema's type.
 * @throws AppError NOT_FOUND, INVOICE_LOCKED, VALIDATION (with `details`).
 */
export async function preparedDraftBody<const S extends DraftFormSchema>(o: SaveDraftOptions, p: { schema: S; columns: Record<string, unknown> }): Promise<{ data: DraftBody<S>; extra: Record<string, unknown> }> {
  if (o.id) await assertEditableDraft(o.db, { companyId: o.companyId, id: o.id, codDoc: o.meta.codDoc });
  const data = await prepareBody({ db: o.db, registry: o.schemas, name: p.schema['x-resource'], companyId: o.companyId, body: o.body });
  // The one place the validated body takes its type (see above): Ajv has just checked it.
  return { data: data as DraftBody<S>, extra: splitColumns(data, p.columns).extra };
}

/**
 * Whom a draft is to or from, as the row keeps it: `customerId` is the `customer` row of a buyer
 * (factura, notas) or null for a counterpart that is not one (proveedor, sujeto retenido,
 * transportista), so the dashboard counts only sales; `razonSocial` and `identificacion` are the
 * snapshot the list shows and searches (razon_social_comprador, identificacion_comprador).
 */
export interface DraftCounterpart {
  customerId: string | null;
  razonSocial: string;
  identificacion: string;
}

/**
 * The header columns every type's draft row writes: its emission point and its counterpart's
 * snapshot (see {@link DraftCounterpart}).
 * @example values: { ...draftHeaderColumns({ establishment, ptoEmi, counterpart: { customerId: null, razonSocial: s.razonSocial, identificacion: s.identificacion } }), … }
 */
export function draftHeaderColumns(p: { establishment: EstablishmentRow; ptoEmi: string; counterpart: DraftCounterpart }) {
  return {
    establishmentId: p.establishment.id,
    estab: p.establishment.estab,
    ptoEmi: p.ptoEmi,
    customerId: p.counterpart.customerId,
    razonSocialComprador: p.counterpart.razonSocial,
    identificacionComprador: p.counterpart.identificacion,
  };
}

/**
 * The line and money columns of a comprobante that sells nothing (retención, guía de remisión):
 * no lines, no pagos, zero totals; the type sets `importeTotal` (the retención: the total withheld).
 */
export function noSaleColumns() {
  return { detalles: [], pagos: [], totalSinImpuestos: '0', totalDescuento: '0', totalConImpuestos: [], totalIva: '0', propina: '0' };
}

/** A line as a draft body gives it (factura: product required; nota de crédito: codes given). */
export interface LineInput {
  product?: string;
  codigoPrincipal?: string;
  codigoAuxiliar?: string;
  descripcion?: string;
  cantidad: number;
  precioUnitario: number;
  descuento?: number;
  codigoPorcentajeIva: string;
}

/** The lines priced with the catalog's IVA rates. @throws AppError VALIDATION at `detalles.N.field`. */
export async function priceLines(db: Db, lines: readonly LineInput[]): Promise<InvoiceTotals> {
  try {
    return computeInvoiceTotals({
      detalles: lines.map((d) => ({ cantidad: d.cantidad, precioUnitario: d.precioUnitario, descuento: d.descuento ?? 0, codigoPorcentajeIva: d.codigoPorcentajeIva })),
      rates: await ivaRates(db),
    });
  } catch (err) {
    const message = (err as Error).message;
    const at = /detalles\[(\d+)\]\.(\w+)/.exec(message);
    throw invalid(at ? `detalles.${at[1]}.${at[2]}` : 'detalles', totalsMessage(message));
  }
}

/**
 * A line as stored (and later written to the XML): codes and description copied, so the document
 * stays as issued even if the product changes; amounts as decimal strings.
 */
export function storedLine(d: LineInput & { codigoPrincipal: string; descripcion: string }, priced: InvoiceTotals['detalles'][number]): Record<string, unknown> {
  return {
    ...(d.product ? { product: d.product } : {}),
    codigoPrincipal: d.codigoPrincipal,
    codigoAuxiliar: d.codigoAuxiliar ?? undefined,
    descripcion: d.descripcion,
    cantidad: String(d.cantidad),
    precioUnitario: String(d.precioUnitario),
    descuento: String(d.descuento ?? 0),
    codigoPorcentajeIva: d.codigoPorcentajeIva,
    tarifa: priced.tarifa,
    precioTotalSinImpuesto: priced.precioTotalSinImpuesto,
    valorIva: priced.valor,
  };
}

/** The `comprobante` row's total columns from priced lines. */
export function totalColumns(t: InvoiceTotals) {
  return {
    totalSinImpuestos: t.totalSinImpuestos,
    totalDescuento: t.totalDescuento,
    totalConImpuestos: t.totalConImpuestos,
    totalIva: t.iva,
    propina: t.propina,
    importeTotal: t.importeTotal,
  };
}

/**
 * Before replacing a draft: it is the company's, of this type, and still a draft (another company's
 * is 404 before anything about the body is said).
 * @throws AppError NOT_FOUND, INVOICE_LOCKED.
 */
export async function assertEditableDraft(db: Db, p: { companyId: string; id: string; codDoc: string }): Promise<void> {
  const existing = await findComprobanteColumns(db, { status: comprobantes.status }, { companyId: p.companyId, id: p.id, codDoc: p.codDoc });
  const t = the(p.codDoc);
  if (!existing) throw notFound(t.theOne);
  if (existing.status !== 'BORRADOR') throw new AppError(COMPROBANTE_LOCKED, `${t.theOne} está ${existing.status} y ya no se puede modificar`);
}

/** The columns a type's saveDraft sets (the rest keep their defaults). */
export type { DraftValues };

/**
 * Inserts the draft (no `id`) or replaces it while it is still a draft (guarded in the UPDATE).
 * @throws AppError NOT_FOUND, INVOICE_LOCKED (issued meanwhile).
 */
export async function writeDraft(db: Db, p: { companyId: string; codDoc: string; userId: string | null; id?: string; values: DraftValues }): Promise<ComprobanteRow> {
  if (!p.id) {
    return insertDraft(db, { companyId: p.companyId, codDoc: p.codDoc, userId: p.userId, values: p.values });
  }
  const row = await updateDraft(db, { companyId: p.companyId, id: p.id, codDoc: p.codDoc }, p.values);
  if (row) return row;
  await assertEditableDraft(db, { companyId: p.companyId, id: p.id, codDoc: p.codDoc });
  throw new AppError(COMPROBANTE_LOCKED, `${the(p.codDoc).theOne} cambió mientras se guardaba; vuelva a intentarlo`);
}

/** The company's products the lines name, by id. @throws AppError VALIDATION at `detalles.N.product`. */
export async function productsOfLines(db: Db, companyId: string, lines: ReadonlyArray<{ product?: string }>) {
  const ids = [...new Set(lines.flatMap((d) => (d.product ? [d.product] : [])))];
  const rows = ids.length ? await db.select().from(products).where(and(eq(products.companyId, companyId), inArray(products.id, ids))) : [];
  const byId = new Map(rows.map((p) => [p.id, p]));
  lines.forEach((d, i) => {
    if (d.product && !byId.has(d.product)) throw invalid(`detalles.${i}.product`, `Línea ${i + 1}, producto: no existe; elija uno de la lista`);
  });
  return byId;
}

/** infoAdicional as stored: nombre and valor only. */
export const storedInfoAdicional = (v: ReadonlyArray<{ nombre: string; valor: string }> | undefined) => (v ?? []).map(({ nombre, valor }) => ({ nombre, valor }));

/** A payment as a draft body gives it (SRI `pago`). */
export interface PagoInput {
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

