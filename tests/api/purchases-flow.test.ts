/**
 * The purchase side end to end (DESIGN.md §8), on PGlite and PostgreSQL: company A issues a factura
 * to company B's RUC -> B registers it by its access key (fetched from the sandbox SRI) -> B, an
 * agente de retención, issues a comprobante de retención on it from the proposal -> AUTORIZADA ->
 * A registers that retención by its key and sees it on its factura (`retencionesRecibidas`), while
 * B's received factura shows it withheld.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createAndIssue, issuingCompany, post, seedMasterData } from '../helpers/fixtures.ts';
import type { signUp } from '../helpers/test-app.ts';

let t: TestApp;
let a: Awaited<ReturnType<typeof signUp>>;
let aData: Awaited<ReturnType<typeof seedMasterData>>;
let b: Awaited<ReturnType<typeof signUp>>;
let bData: Awaited<ReturnType<typeof seedMasterData>>;

beforeAll(async () => {
  t = await createTestApp();
  ({ a, data: aData } = await issuingCompany(t));
  ({ a: b, data: bData } = await issuingCompany(t));
});
afterAll(async () => t?.close());

const api = (auth: Record<string, string>, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
const rucOf = async (auth: Record<string, string>) => ((await api(auth, 'GET', '/api/admin/company')).json() as { ruc: string }).ruc;

describe('factura -> received -> retención -> received back', () => {
  it('A sells to B, B withholds on it, A sees the retención on its factura', async () => {
    const [rucA, rucB] = [await rucOf(a.auth), await rucOf(b.auth)];
    // B is an agente de retención.
    const profile = (await api(b.auth, 'GET', '/api/admin/company')).json() as Record<string, unknown>;
    expect((await api(b.auth, 'PUT', '/api/admin/company', { razonSocial: profile.razonSocial, email: profile.email, dirMatriz: profile.dirMatriz, agenteRetencion: '45' })).statusCode).toBe(200);

    // 1. A issues a factura to B's RUC: a laptop at 15 % and two books at 0 %.
    const customerB = await post(t, a.auth, '/api/customer', { tipoIdentificacion: '04', identificacion: rucB, razonSocial: 'Comprador B S.A.', email: 'compras@b.example' });
    const factura = await createAndIssue(t, a.auth, 'invoice', {
      establishment: aData.establishment._id,
      ptoEmi: '001',
      customer: customerB._id,
      detalles: [
        { product: aData.laptop._id, cantidad: 1, precioUnitario: 850, codigoPorcentajeIva: '4' },
        { product: aData.book._id, cantidad: 2, precioUnitario: 12.5, codigoPorcentajeIva: '0' },
      ],
      pagos: [{ formaPago: '20', total: 1002.5 }],
    });
    expect(factura).toMatchObject({ status: 'AUTORIZADA', importeTotal: 1002.5 });

    // 2. B registers it by key; the supplier A is created on import.
    const imported = await api(b.auth, 'POST', '/api/received-document', { claveAcceso: factura.claveAcceso });
    expect(imported.statusCode, imported.body).toBe(201);
    const received = imported.json() as { _id: string; supplier: string; withheld: boolean };
    expect(received).toMatchObject({ withheld: false });
    expect((await api(b.auth, 'GET', `/api/supplier/${received.supplier}`)).json()).toMatchObject({ identificacion: rucA });

    // 3. B issues a retención from the proposal (no defaults on the new supplier: 3440 and IVA 30 %).
    const proposal = (await api(b.auth, 'GET', `/api/withholding/proposal?receivedDocument=${received._id}`)).json();
    expect(proposal.supplier).toBe(received.supplier);
    expect(proposal.docsSustento[0].retenciones).toEqual([
      { codigo: '1', codigoRetencion: '3440', baseImponible: 875, porcentajeRetener: 3, valorRetenido: 26.25 },
      { codigo: '2', codigoRetencion: '1', baseImponible: 127.5, porcentajeRetener: 30, valorRetenido: 38.25 },
    ]);
    const retencion = await createAndIssue(t, b.auth, 'withholding', { establishment: bData.establishment._id, ptoEmi: '001', supplier: proposal.supplier, docsSustento: proposal.docsSustento });
    expect(retencion).toMatchObject({ status: 'AUTORIZADA', codDoc: '07', importeTotal: 64.5, receivedDocument: received._id, identificacionComprador: rucA });
    expect((await api(b.auth, 'GET', `/api/received-document/${received._id}`)).json()).toMatchObject({ withheld: true });

    // 4. A registers the retención by its key: linked to its factura.
    const back = await api(a.auth, 'POST', '/api/received-document', { claveAcceso: retencion.claveAcceso });
    expect(back.statusCode, back.body).toBe(201);
    expect(back.json()).toMatchObject({ codDoc: '07', rucEmisor: rucB, importeTotal: 64.5 });
    const invoice = (await api(a.auth, 'GET', `/api/invoice/${factura._id}`)).json() as { retencionesRecibidas: unknown[] };
    expect(invoice.retencionesRecibidas).toEqual([expect.objectContaining({ numero: retencion.numero, claveAcceso: retencion.claveAcceso, valorRetenido: 64.5 })]);
  });
});
