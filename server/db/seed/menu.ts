/**
 * The platform menu (DESIGN.md §3): Dashboard; Facturación; Compras; Contabilidad; Administración (staff). runSeeds upserts
 * every row by id at each start, so an existing database gets new entries and positions.
 * The comprobantes' rows are not written here: each registered type (server/domain/comprobantes/registry.ts)
 * brings its own from `meta.menu` (core/comprobante-types.ts), see {@link comprobanteMenuRows}.
 */
import type { ComprobanteMenu } from '../../../core/comprobante-types.ts';
import type { MenuRowInput } from '../../domain/admin/build-menu.ts';
import type { ComprobanteType } from '../../domain/comprobantes/comprobante-type.ts';
import { COMPROBANTE_TYPES } from '../../domain/comprobantes/registry.ts';

/** The groups a comprobante may sit in (`meta.menu.group`); tsc asks for a row here when core names a new one. */
const COMPROBANTE_GROUPS: Record<ComprobanteMenu['group'], MenuRowInput> = {
  invoicing: { id: 'invoicing', path: '/invoicing', title: 'Facturación', type: 'sub', icontype: 'receipt', collapse: 'invoicing', position: 20 },
  // The purchase side (DESIGN.md §8), guarded by the 'purchase' permission; suppliers are a schema-only resource ('record').
  purchases: { id: 'purchases', path: '/purchases', title: 'Compras', type: 'sub', icontype: 'shopping', collapse: 'purchases', position: 40 },
};

/**
 * One menu row per comprobante type: id `${group}.${resource}`, path its API resource, title, ab and
 * position from `meta.menu`, guarded by the type's permission (the notas and the guía by 'invoice',
 * the retención and the liquidación by 'purchase': the roles seed has no permission per type).
 */
export function comprobanteMenuRows(types: readonly Pick<ComprobanteType, 'meta' | 'permission'>[]): MenuRowInput[] {
  return types.map(({ meta, permission }) => ({
    id: `${meta.menu.group}.${meta.resource}`,
    parentId: meta.menu.group,
    path: meta.resource,
    title: meta.menu.title,
    ab: meta.menu.ab,
    resource: permission,
    position: meta.menu.position,
  }));
}

export const MENU_SEED: MenuRowInput[] = [
  { id: 'dashboard', path: '/dashboard', title: 'Inicio', type: 'link', icontype: 'dashboard', resource: 'dashboard', position: 10 },
  COMPROBANTE_GROUPS.invoicing,
  // The comprobantes' rows come from their types (comprobanteMenuRows, at the end; positions in core's meta.menu).
  { id: 'invoicing.customer', parentId: 'invoicing', path: 'customer', title: 'Clientes', ab: 'C', resource: 'customer', position: 24 },
  // Schema-only resource (src/schemas/carrier, record storage): guarded by the 'record' permission.
  { id: 'invoicing.carrier', parentId: 'invoicing', path: 'carrier', title: 'Transportistas', ab: 'T', resource: 'record', position: 28 },
  { id: 'invoicing.product', parentId: 'invoicing', path: 'product', title: 'Productos', ab: 'P', resource: 'product', position: 25 },
  { id: 'invoicing.establishment', parentId: 'invoicing', path: 'establishment', title: 'Establecimientos', ab: 'E', resource: 'establishment', position: 26 },
  { id: 'invoicing.user', parentId: 'invoicing', path: 'user', title: 'Usuarios', ab: 'U', resource: 'user', position: 27 },
  COMPROBANTE_GROUPS.purchases,
  { id: 'purchases.received-document', parentId: 'purchases', path: 'received-document', title: 'Recibidos', ab: 'R', resource: 'purchase', position: 41 },
  // The comprobantes' rows come from their types (comprobanteMenuRows, at the end; positions in core's meta.menu).
  { id: 'purchases.supplier', parentId: 'purchases', path: 'supplier', title: 'Proveedores', ab: 'PV', resource: 'record', position: 44 },
  // The monthly close (DESIGN.md §11), guarded by the 'report' permission; positions 65–69 are issue 26's.
  { id: 'accounting', path: '/accounting', title: 'Contabilidad', type: 'sub', icontype: 'accounting', collapse: 'accounting', position: 60 },
  { id: 'accounting.ats', parentId: 'accounting', path: 'ats', title: 'ATS del mes', ab: 'A', resource: 'report', position: 61 },
  { id: 'accounting.forms', parentId: 'accounting', path: 'tax-forms', title: 'Formularios 104 y 103', ab: 'F', resource: 'report', position: 62 },
  { id: 'accounting.sales-book', parentId: 'accounting', path: 'sales-book', title: 'Libro de ventas', ab: 'LV', resource: 'report', position: 63 },
  { id: 'accounting.purchases-book', parentId: 'accounting', path: 'purchases-book', title: 'Libro de compras', ab: 'LC', resource: 'report', position: 64 },
  // Receivables and payables (DESIGN.md §12), guarded by the 'payment' permission.
  { id: 'accounting.receivable', parentId: 'accounting', path: 'receivable', title: 'Cuentas por cobrar', ab: 'CC', resource: 'payment', position: 65 },
  { id: 'accounting.payable', parentId: 'accounting', path: 'payable', title: 'Cuentas por pagar', ab: 'CP', resource: 'payment', position: 66 },
  { id: 'accounting.payment', parentId: 'accounting', path: 'payment', title: 'Cobros y pagos', ab: 'CB', resource: 'payment', position: 67 },
  { id: 'accounting.withholdings-issued', parentId: 'accounting', path: 'withholdings-issued', title: 'Retenciones emitidas', ab: 'RE', resource: 'report', position: 70 },
  { id: 'accounting.withholdings-received', parentId: 'accounting', path: 'withholdings-received', title: 'Retenciones recibidas', ab: 'RR', resource: 'report', position: 71 },
  { id: 'accounting.archive', parentId: 'accounting', path: 'month-archive', title: 'Archivo del mes', ab: 'AR', resource: 'report', position: 72 },
  // Company settings (brief's contract: group id `config`, position 80); Pantallas is the company's
  // own layer over its screens (DESIGN.md §13), for ADMIN and SUPERADMIN (permission 'screens').
  { id: 'config', path: '/config', title: 'Configuración', type: 'sub', icontype: 'settings', collapse: 'config', position: 80 },
  // Empresa (the company's data, SRI settings, certificate, integraciones) for those who may change it:
  // `resource` 'company:update' (build-menu.ts), so ADMIN and SUPERADMIN see it, EMISOR and CONTADOR do not.
  { id: 'config.company', parentId: 'config', path: 'company', title: 'Empresa', ab: 'EM', resource: 'company:update', position: 81 },
  { id: 'config.screens', parentId: 'config', path: 'screens', title: 'Pantallas', ab: 'PA', resource: 'screens', position: 82 },
  { id: 'admin', path: '/admin', title: 'Administración', type: 'sub', icontype: 'settings', collapse: 'admin', position: 90 },
  { id: 'admin.table', parentId: 'admin', path: 'table', title: 'Tablas y catálogos', ab: 'T', staffOnly: true, position: 91 },
  ...comprobanteMenuRows(COMPROBANTE_TYPES),
];
