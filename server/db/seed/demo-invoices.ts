/**
 * Demo drafts and the demo signing certificate, created through the same use cases a user would
 * call (so totals and rules are the real ones).
 */
import type { AppDeps } from '../../app-deps.ts';
import { saveInvoiceDraft } from '../../domain/comprobantes/factura/save-factura-draft.ts';
import { COMPROBANTE_TYPE_META } from '../../../core/comprobante-types.ts';
import { saveCompanyCertificate } from '../../domain/certificates/company-certificate.ts';
import { generateTestP12 } from '../../domain/comprobantes/test-certificate.ts';
import { DEMO, seedDemoMasterData } from './demo.ts';

export async function seedDemoDocuments(deps: AppDeps, companyId: string, userId: string): Promise<void> {
  const { establishment, buyers, items } = await seedDemoMasterData(deps.db, companyId);
  const password = 'demo-cert';
  await saveCompanyCertificate(deps.db, deps.secretBox, { companyId, p12: generateTestP12({ ruc: DEMO.ruc, razonSocial: DEMO.razonSocial, password }), password, now: deps.clock() });
  const line = (i: number, cantidad: number, descuento = 0) => ({
    product: items[i].id,
    cantidad,
    precioUnitario: Number(items[i].precioUnitario),
    descuento,
    codigoPorcentajeIva: items[i].codigoPorcentajeIva,
  });
  const drafts = [
    { customer: buyers[0].id, detalles: [line(0, 1, 50), line(1, 2), line(3, 1)], formaPago: '19' },
    { customer: buyers[1].id, detalles: [line(2, 6), line(4, 1200)], formaPago: '20' },
    { customer: buyers[2].id, detalles: [line(1, 1), line(3, 1)], formaPago: '01' },
  ];
  for (const d of drafts) {
    const saved = await saveInvoiceDraft({
      meta: COMPROBANTE_TYPE_META['01'],
      db: deps.db,
      companyId,
      userId,
      schemas: deps.schemas,
      consumidorFinalCap: deps.config.consumidorFinalCap,
      now: deps.clock(),
      body: { establishment: establishment.id, ptoEmi: '001', customer: d.customer, detalles: d.detalles, pagos: [] },
    });
    await saveInvoiceDraft({
      meta: COMPROBANTE_TYPE_META['01'],
      db: deps.db,
      companyId,
      userId,
      schemas: deps.schemas,
      consumidorFinalCap: deps.config.consumidorFinalCap,
      now: deps.clock(),
      id: saved.id,
      body: { establishment: establishment.id, ptoEmi: '001', customer: d.customer, detalles: d.detalles, pagos: [{ formaPago: d.formaPago, total: Number(saved.importeTotal) }] },
    });
  }
}
