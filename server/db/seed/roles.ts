/**
 * Roles and their permission matrix: resource -> actions. SUPERADMIN owns the company; ADMIN runs it
 * but cannot touch SUPERADMIN accounts (checked in the domain); EMISOR invoices; CONTADOR reads sales and keeps the purchase side (received documents,
 * retenciones, liquidaciones: permission 'purchase'). The monthly close (ATS, formularios, books, archive: permission 'report') is
 * for SUPERADMIN, ADMIN and CONTADOR only (DESIGN.md §11).
 */
import { ROLE_NAMES } from '../../../core/roles.ts';

const ALL = ['read', 'create', 'update', 'delete'];
const READ = ['read'];
const REPORT = ['read', 'update'];

export const ROLE_SEEDS: Array<{ code: string; name: string; description: string; permissions: Record<string, string[]> }> = [
  {
    code: 'SUPERADMIN',
    name: ROLE_NAMES.SUPERADMIN,
    description: 'Dueño de la cuenta: todo, incluida la empresa y sus usuarios',
    permissions: { dashboard: READ, product: ALL, customer: ALL, establishment: ALL, invoice: [...ALL, 'issue'], user: ALL, company: ['read', 'update'], record: ALL, purchase: [...ALL, 'issue'], payment: ALL, report: REPORT, screens: ['read', 'create', 'update'] },
  },
  {
    code: 'ADMIN',
    name: ROLE_NAMES.ADMIN,
    description: 'Administra datos, usuarios y la configuración de la empresa',
    permissions: { dashboard: READ, product: ALL, customer: ALL, establishment: ALL, invoice: [...ALL, 'issue'], user: ALL, company: ['read', 'update'], record: ALL, purchase: [...ALL, 'issue'], payment: ALL, report: REPORT, screens: ['read', 'create', 'update'] },
  },
  {
    code: 'EMISOR',
    name: ROLE_NAMES.EMISOR,
    description: 'Emite facturas y mantiene clientes y productos',
    permissions: {
      dashboard: READ,
      product: ['read', 'create', 'update'],
      customer: ['read', 'create', 'update'],
      establishment: READ,
      invoice: [...ALL, 'issue'],
      company: READ,
      record: ['read', 'create', 'update'],
      purchase: READ,
      // A cashier records what customers pay; correcting (deleting) a payment is for ADMIN or CONTADOR.
      payment: ['read', 'create'],
    },
  },
  {
    code: 'CONTADOR',
    name: ROLE_NAMES.CONTADOR,
    description: 'Consulta facturas, clientes y reportes',
    permissions: { dashboard: READ, product: READ, customer: READ, establishment: READ, invoice: READ, user: READ, company: READ, record: READ, purchase: [...ALL, 'issue'], payment: ALL, report: REPORT },
  },
];
