/** The platform menu (DESIGN.md §3): Dashboard; Facturación; Administración (staff). */
import type { MenuRowInput } from '../../domain/admin/build-menu.ts';

export const MENU_SEED: MenuRowInput[] = [
  { id: 'dashboard', path: '/dashboard', title: 'Dashboard', type: 'link', icontype: 'dashboard', resource: 'dashboard', position: 10 },
  { id: 'invoicing', path: '/invoicing', title: 'Facturación', type: 'sub', icontype: 'receipt', collapse: 'invoicing', position: 20 },
  { id: 'invoicing.invoice', parentId: 'invoicing', path: 'invoice', title: 'Facturas', ab: 'F', resource: 'invoice', position: 21 },
  { id: 'invoicing.customer', parentId: 'invoicing', path: 'customer', title: 'Clientes', ab: 'C', resource: 'customer', position: 22 },
  { id: 'invoicing.product', parentId: 'invoicing', path: 'product', title: 'Productos', ab: 'P', resource: 'product', position: 23 },
  { id: 'invoicing.establishment', parentId: 'invoicing', path: 'establishment', title: 'Establecimientos', ab: 'E', resource: 'establishment', position: 24 },
  { id: 'invoicing.user', parentId: 'invoicing', path: 'user', title: 'Usuarios', ab: 'U', resource: 'user', position: 25 },
  { id: 'admin', path: '/admin', title: 'Administración', type: 'sub', icontype: 'settings', collapse: 'admin', position: 90 },
  { id: 'admin.table', parentId: 'admin', path: 'table', title: 'Tablas y catálogos', ab: 'T', staffOnly: true, position: 91 },
];
