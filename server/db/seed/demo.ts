/**
 * Demo data for `npm start` on an empty database: a company with a known login and a platform staff
 * user. Printed at start-up and documented in the README.
 */
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { companies, customers, establishments, products, users } from '../schema/index-tables.ts';
import { hashPassword } from '../../auth/password.ts';

export const DEMO = {
  ruc: '1790016919001',
  razonSocial: 'Comercial Demo Emite S.A.',
  user: { email: 'demo@emite.ec', password: 'Demo1234!' },
  staff: { email: 'staff@emite.ec', password: 'Staff1234!' },
} as const;

/** @returns the demo company and user ids when created now, else null (database not empty). */
export async function seedDemoCompany(db: Db): Promise<{ companyId: string; userId: string } | null> {
  const [{ n }] = await db.select({ n: count() }).from(companies);
  if (Number(n) > 0) return null;
  const [demoHash, staffHash] = await Promise.all([hashPassword(DEMO.user.password), hashPassword(DEMO.staff.password)]);
  return db.transaction(async (tx) => {
    const [company] = await tx
      .insert(companies)
      .values({
        ruc: DEMO.ruc,
        razonSocial: DEMO.razonSocial,
        nombreComercial: 'Emite Demo',
        email: 'facturacion@demo.emite.ec',
        dirMatriz: 'Av. Amazonas N34-451 y Av. Atahualpa, Quito',
        telefono: '022345678',
        status: 'ACTIVE',
        obligadoContabilidad: true,
        ambiente: '1',
      })
      .returning();
    const [owner] = await tx.insert(users).values([
      { companyId: company.id, email: DEMO.user.email, passwordHash: demoHash, firstName: 'Daniela', lastName: 'Demo', role: 'SUPERADMIN', active: true },
      { companyId: company.id, email: DEMO.staff.email, passwordHash: staffHash, firstName: 'Sofía', lastName: 'Soporte', role: 'ADMIN', active: true, isStaff: true },
    ]).returning();
    return { companyId: company.id, userId: owner.id };
  });
}

/** Whether the demo login exists (the demo company with its demo user), created now or on an earlier start. */
export async function demoLoginExists(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(companies.ruc, DEMO.ruc), eq(users.email, DEMO.user.email)));
  return Boolean(row);
}

/** Master data and drafts so the demo company can issue at once (establishment, buyers, products). */
export async function seedDemoMasterData(db: Db, companyId: string) {
  const [establishment] = await db
    .insert(establishments)
    .values({
      companyId,
      estab: '001',
      nombre: 'Matriz Quito',
      dirEstablecimiento: 'Av. Amazonas N34-451 y Av. Atahualpa, Quito',
      puntosEmision: [
        { ptoEmi: '001', descripcion: 'Caja principal' },
        { ptoEmi: '002', descripcion: 'Ventas en línea' },
      ],
    })
    .returning();
  const buyers = await db
    .insert(customers)
    .values([
      { companyId, tipoIdentificacion: '05', identificacion: '1714307103', razonSocial: 'María Fernanda Lozada', email: 'maria.lozada@example.com', direccion: 'Calle Larga 7-45, Cuenca', telefono: '0991234567' },
      { companyId, tipoIdentificacion: '04', identificacion: '0190072002001', razonSocial: 'Distribuidora Austral Cía. Ltda.', email: 'compras@austral.example.com', direccion: 'Av. de las Américas, Cuenca' },
      { companyId, tipoIdentificacion: '07', identificacion: '9999999999999', razonSocial: 'CONSUMIDOR FINAL' },
    ])
    .returning();
  const items = await db
    .insert(products)
    .values([
      { companyId, codigoPrincipal: 'LAP-14', descripcion: 'Laptop 14" 16 GB RAM', precioUnitario: '850.000000', codigoPorcentajeIva: '4' },
      { companyId, codigoPrincipal: 'MOU-01', descripcion: 'Mouse inalámbrico', precioUnitario: '18.500000', codigoPorcentajeIva: '4' },
      { companyId, codigoPrincipal: 'SRV-SOP', descripcion: 'Soporte técnico (hora)', precioUnitario: '35.000000', codigoPorcentajeIva: '4' },
      { companyId, codigoPrincipal: 'LIB-CONT', descripcion: 'Libro: Contabilidad general', precioUnitario: '24.900000', codigoPorcentajeIva: '0' },
      { companyId, codigoPrincipal: 'KWH', descripcion: 'Energía (kWh)', precioUnitario: '0.091234', codigoPorcentajeIva: '4' },
    ])
    .returning();
  return { establishment, buyers, items };
}
