/**
 * The platform menu (DESIGN.md §3): Dashboard; Facturación; Administración (staff). runSeeds upserts
 * every row by id at each start, so an existing database gets new entries and positions.
 */
import type { MenuRowInput } from '../../domain/admin/build-menu.ts';

export const MENU_SEED: MenuRowInput[] = [
  { id: 'dashboard', path: '/dashboard', title: 'Dashboard', type: 'link', icontype: 'dashboard', resource: 'dashboard', position: 10 },
  { id: 'invoicing', path: '/invoicing', title: 'Facturación', type: 'sub', icontype: 'receipt', collapse: 'invoicing', position: 20 },
  { id: 'invoicing.invoice', parentId: 'invoicing', path: 'invoice', title: 'Facturas', ab: 'F', resource: 'invoice', position: 21 },
  // The notas are guarded by the factura's permission (roles seed has no 'credit-note'/'debit-note').
  { id: 'invoicing.credit-note', parentId: 'invoicing', path: 'credit-note', title: 'Notas de crédito', ab: 'NC', resource: 'invoice', position: 22 },
  { id: 'invoicing.debit-note', parentId: 'invoicing', path: 'debit-note', title: 'Notas de débito', ab: 'ND', resource: 'invoice', position: 23 },
  { id: 'invoicing.waybill', parentId: 'invoicing', path: 'waybill', title: 'Guías de remisión', ab: 'GR', resource: 'invoice', position: 29 },
  { id: 'invoicing.customer', parentId: 'invoicing', path: 'customer', title: 'Clientes', ab: 'C', resource: 'customer', position: 24 },
  // Schema-only resource (src/schemas/carrier, record storage): guarded by the 'record' permission.
  { id: 'invoicing.carrier', parentId: 'invoicing', path: 'carrier', title: 'Transportistas', ab: 'T', resource: 'record', position: 28 },
  { id: 'invoicing.product', parentId: 'invoicing', path: 'product', title: 'Productos', ab: 'P', resource: 'product', position: 25 },
  { id: 'invoicing.establishment', parentId: 'invoicing', path: 'establishment', title: 'Establecimientos', ab: 'E', resource: 'establishment', position: 26 },
  { id: 'invoicing.user', parentId: 'invoicing', path: 'user', title: 'Usuarios', ab: 'U', resource: 'user', position: 27 },
  // The purchase side (DESIGN.md §8), guarded by the 'purchase' permission; suppliers are a schema-only resource ('record').
  { id: 'purchases', path: '/purchases', title: 'Compras', type: 'sub', icontype: 'shopping', collapse: 'purchases', position: 40 },
  { id: 'purchases.received-document', parentId: 'purchases', path: 'received-document', title: 'Recibidos', ab: 'R', resource: 'purchase', position: 41 },
  { id: 'purchases.withholding', parentId: 'purchases', path: 'withholding', title: 'Retenciones', ab: 'RT', resource: 'purchase', position: 42 },
  { id: 'purchases.purchase-settlement', parentId: 'purchases', path: 'purchase-settlement', title: 'Liquidaciones de compra', ab: 'LC', resource: 'purchase', position: 43 },
  { id: 'purchases.supplier', parentId: 'purchases', path: 'supplier', title: 'Proveedores', ab: 'PV', resource: 'record', position: 44 },
  { id: 'admin', path: '/admin', title: 'Administración', type: 'sub', icontype: 'settings', collapse: 'admin', position: 90 },
  { id: 'admin.table', parentId: 'admin', path: 'table', title: 'Tablas y catálogos', ab: 'T', staffOnly: true, position: 91 },
];
