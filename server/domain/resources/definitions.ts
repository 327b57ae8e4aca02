/**
 * The master-data resources of the invoicing area (DESIGN.md §4): establishment, customer, product.
 * Field names follow the SRI XML. Rules: identification per SRI algorithm and tipo (tabla 6),
 * unique codes per company, emission points unique within their establishment, no deleting a
 * record an invoice uses, no changing the estab or removing a ptoEmi an invoice's number uses.
 */
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { customers, establishments, comprobantes, products } from '../../db/schema/index-tables.ts';
import { checkIdentificacion } from '../../../core/identification.ts';
import { AppError } from '../../errors.ts';
import type { ResourceContext, ResourceDefinition } from './resource-definition.ts';
import { comprobanteScope } from '../../db/repositories/comprobantes.ts';

async function invoicesUsing(ctx: ResourceContext, condition: ReturnType<typeof sql>): Promise<number> {
  const [{ n }] = await ctx.db.select({ n: count() }).from(comprobantes).where(comprobanteScope({ companyId: ctx.companyId }, condition));
  return Number(n);
}

const inUse = (what: string, n: number) =>
  new AppError('IN_USE', `${what} se usa en ${n} factura${n === 1 ? '' : 's'} y no se puede eliminar`);

/**
 * An invoice's number is estab-ptoEmi-secuencial, copied onto the invoice and counted per
 * (estab, ptoEmi) in the sequence table; so once an invoice (draft or issued) uses a series, its
 * establishment code cannot change and that emission point cannot be removed. Only queried when the
 * PUT changes one of them.
 * @throws AppError IN_USE (409) with the field path in `details`.
 */
async function keepSeriesInUse(ctx: ResourceContext, id: string, estab: string, puntos: Set<string>): Promise<void> {
  const [current] = await ctx.db
    .select({ estab: establishments.estab, puntosEmision: establishments.puntosEmision })
    .from(establishments)
    .where(and(eq(establishments.companyId, ctx.companyId), eq(establishments.id, id)));
  if (!current) return;
  if (current.estab !== estab) {
    const n = await invoicesUsing(ctx, sql`${comprobantes.establishmentId} = ${id}`);
    if (n > 0) {
      const message = `El código del establecimiento ${current.estab} no se puede cambiar: se usa en ${n} factura${n === 1 ? '' : 's'}`;
      throw new AppError('IN_USE', message, { details: [{ path: 'estab', message }] });
    }
  }
  const removed = current.puntosEmision.map((p) => p.ptoEmi).filter((p) => !puntos.has(p));
  if (removed.length === 0) return;
  const used = await ctx.db
    .select({ ptoEmi: comprobantes.ptoEmi, n: count() })
    .from(comprobantes)
    .where(comprobanteScope({ companyId: ctx.companyId }, eq(comprobantes.establishmentId, id), inArray(comprobantes.ptoEmi, removed)))
    .groupBy(comprobantes.ptoEmi)
    .orderBy(comprobantes.ptoEmi);
  if (used.length > 0) {
    const { ptoEmi, n } = used[0];
    const message = `El punto de emisión ${ptoEmi} no se puede quitar: se usa en ${Number(n)} factura${Number(n) === 1 ? '' : 's'}`;
    throw new AppError('IN_USE', message, { details: [{ path: 'puntosEmision', message }] });
  }
}

export const establishmentResource: ResourceDefinition = {
  name: 'establishment',
  label: 'El establecimiento',
  table: establishments,
  columns: { estab: establishments.estab, nombre: establishments.nombre, dirEstablecimiento: establishments.dirEstablecimiento, puntosEmision: establishments.puntosEmision },
  searchable: [establishments.estab, establishments.nombre, establishments.dirEstablecimiento],
  sortable: { estab: establishments.estab, nombre: establishments.nombre, createdAt: establishments.createdAt },
  defaultSort: 'estab',
  uniqueErrors: { establishment_company_estab: ['estab', 'Ya existe un establecimiento con ese código'] },
  async beforeSave(ctx, body, id) {
    const puntos = (body.puntosEmision as Array<{ ptoEmi: string }>) ?? [];
    const seen = new Set<string>();
    puntos.forEach((p, i) => {
      if (seen.has(p.ptoEmi)) {
        throw new AppError('VALIDATION', `El punto de emisión ${p.ptoEmi} está repetido`, { details: [{ path: `puntosEmision.${i}.ptoEmi`, message: 'repetido' }] });
      }
      seen.add(p.ptoEmi);
    });
    if (id) await keepSeriesInUse(ctx, id, String(body.estab), seen);
  },
  async beforeDelete(ctx, id) {
    const n = await invoicesUsing(ctx, sql`${comprobantes.establishmentId} = ${id}`);
    if (n > 0) throw inUse('El establecimiento', n);
  },
};

export const customerResource: ResourceDefinition = {
  name: 'customer',
  label: 'El cliente',
  table: customers,
  columns: {
    tipoIdentificacion: customers.tipoIdentificacion,
    identificacion: customers.identificacion,
    razonSocial: customers.razonSocial,
    email: customers.email,
    direccion: customers.direccion,
    telefono: customers.telefono,
  },
  searchable: [customers.razonSocial, customers.identificacion, customers.email],
  sortable: { razonSocial: customers.razonSocial, identificacion: customers.identificacion, email: customers.email, createdAt: customers.createdAt },
  defaultSort: 'razonSocial',
  naturalKey: ['tipoIdentificacion', 'identificacion'],
  uniqueErrors: { customer_company_identificacion: ['identificacion', 'Ya existe un cliente con esa identificación'] },
  async beforeSave(_ctx, body) {
    const check = checkIdentificacion(String(body.tipoIdentificacion), String(body.identificacion ?? '').trim());
    if (!check.valid) {
      throw new AppError('VALIDATION', check.message ?? 'Identificación inválida', { details: [{ path: 'identificacion', message: check.message ?? 'inválida' }] });
    }
    body.identificacion = String(body.identificacion).trim();
  },
  async beforeDelete(ctx, id) {
    const n = await invoicesUsing(ctx, sql`${comprobantes.customerId} = ${id}`);
    if (n > 0) throw inUse('El cliente', n);
  },
};

export const productResource: ResourceDefinition = {
  name: 'product',
  label: 'El producto',
  table: products,
  columns: {
    codigoPrincipal: products.codigoPrincipal,
    codigoAuxiliar: products.codigoAuxiliar,
    descripcion: products.descripcion,
    precioUnitario: products.precioUnitario,
    codigoPorcentajeIva: products.codigoPorcentajeIva,
  },
  numeric: ['precioUnitario'],
  searchable: [products.codigoPrincipal, products.descripcion, products.codigoAuxiliar],
  sortable: { codigoPrincipal: products.codigoPrincipal, descripcion: products.descripcion, precioUnitario: products.precioUnitario, createdAt: products.createdAt },
  defaultSort: 'codigoPrincipal',
  naturalKey: ['codigoPrincipal'],
  uniqueErrors: { product_company_codigo: ['codigoPrincipal', 'Ya existe un producto con ese código principal'] },
  async beforeDelete(ctx, id) {
    const n = await invoicesUsing(ctx, sql`${comprobantes.detalles} @> ${JSON.stringify([{ product: id }])}::jsonb`);
    if (n > 0) throw inUse('El producto', n);
  },
};

export const RESOURCES: ResourceDefinition[] = [establishmentResource, customerResource, productResource];
