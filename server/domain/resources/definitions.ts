/**
 * The master-data resources of the invoicing area (DESIGN.md §4): establishment, customer, product.
 * Field names follow the SRI XML. Rules: identification per SRI algorithm and tipo (tabla 6),
 * unique codes per company, emission points unique within their establishment, no deleting a
 * record an invoice uses.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { customers, establishments, invoices, products } from '../../db/schema/index-tables.ts';
import { checkIdentificacion } from '../../../core/identification.ts';
import { AppError } from '../../errors.ts';
import type { ResourceContext, ResourceDefinition } from './resource-definition.ts';

async function invoicesUsing(ctx: ResourceContext, condition: ReturnType<typeof sql>): Promise<number> {
  const [{ n }] = await ctx.db.select({ n: count() }).from(invoices).where(and(eq(invoices.companyId, ctx.companyId), condition));
  return Number(n);
}

const inUse = (what: string, n: number) =>
  new AppError('IN_USE', `${what} se usa en ${n} factura${n === 1 ? '' : 's'} y no se puede eliminar`);

export const establishmentResource: ResourceDefinition = {
  name: 'establishment',
  label: 'El establecimiento',
  table: establishments,
  columns: { estab: establishments.estab, nombre: establishments.nombre, dirEstablecimiento: establishments.dirEstablecimiento, puntosEmision: establishments.puntosEmision },
  searchable: [establishments.estab, establishments.nombre, establishments.dirEstablecimiento],
  sortable: { estab: establishments.estab, nombre: establishments.nombre, createdAt: establishments.createdAt },
  defaultSort: 'estab',
  uniqueErrors: { establishment_company_estab: ['estab', 'Ya existe un establecimiento con ese código'] },
  async beforeSave(_ctx, body) {
    const puntos = (body.puntosEmision as Array<{ ptoEmi: string }>) ?? [];
    const seen = new Set<string>();
    puntos.forEach((p, i) => {
      if (seen.has(p.ptoEmi)) {
        throw new AppError('VALIDATION', `El punto de emisión ${p.ptoEmi} está repetido`, { details: [{ path: `puntosEmision.${i}.ptoEmi`, message: 'repetido' }] });
      }
      seen.add(p.ptoEmi);
    });
  },
  async beforeDelete(ctx, id) {
    const n = await invoicesUsing(ctx, sql`${invoices.establishmentId} = ${id}`);
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
  uniqueErrors: { customer_company_identificacion: ['identificacion', 'Ya existe un cliente con esa identificación'] },
  async beforeSave(_ctx, body) {
    const check = checkIdentificacion(String(body.tipoIdentificacion), String(body.identificacion ?? '').trim());
    if (!check.valid) {
      throw new AppError('VALIDATION', check.message ?? 'Identificación inválida', { details: [{ path: 'identificacion', message: check.message ?? 'inválida' }] });
    }
    body.identificacion = String(body.identificacion).trim();
  },
  async beforeDelete(ctx, id) {
    const n = await invoicesUsing(ctx, sql`${invoices.customerId} = ${id}`);
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
  uniqueErrors: { product_company_codigo: ['codigoPrincipal', 'Ya existe un producto con ese código principal'] },
  async beforeDelete(ctx, id) {
    const n = await invoicesUsing(ctx, sql`${invoices.detalles} @> ${JSON.stringify([{ product: id }])}::jsonb`);
    if (n > 0) throw inUse('El producto', n);
  },
};

export const RESOURCES: ResourceDefinition[] = [establishmentResource, customerResource, productResource];
