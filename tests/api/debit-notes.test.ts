/**
 * Notas de débito (codDoc 05) through the shared pipeline, on PGlite and PostgreSQL: from an
 * AUTORIZADA factura to an AUTORIZADA nota with its motivos, IVA and pagos; the reference rules;
 * totals computed by the server; /api/invoice unchanged; its drafts take the codDoc the registry gives.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newRuc, signUp, type TestApp } from '../helpers/test-app.ts';
import { createAndIssue, post, seedMasterData, issuingCompany } from '../helpers/fixtures.ts';
import { parseClaveAcceso } from '../../core/access-key.ts';
import { pdfText } from '../helpers/xml-tools.ts';
import { notaDebito } from '../../server/domain/comprobantes/nota-debito/index.ts';
import type { CodDoc } from '../../core/comprobante-types.ts';

let t: TestApp;
let a: Awaited<ReturnType<typeof signUp>>;
let data: Awaited<ReturnType<typeof seedMasterData>>;

beforeAll(async () => {
  t = await createTestApp();
  ({ a, data } = await issuingCompany(t));
});
afterAll(async () => t?.close());

const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, auth = a.auth) => t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

async function authorisedFactura(customer = data.customer._id) {
  const factura = await createAndIssue(t, a.auth, 'invoice', { establishment: data.establishment._id, ptoEmi: '001', customer, detalles: [{ product: data.book._id, cantidad: 2, precioUnitario: 12.5, codigoPorcentajeIva: '0' }], pagos: [{ formaPago: '01', total: 25 }] });
  expect(factura.status).toBe('AUTORIZADA');
  return factura;
}

describe('nota de débito', () => {
  it('factura -> AUTORIZADA -> nota de débito for interest and costs -> AUTORIZADA, with its RIDE', async () => {
    const factura = await authorisedFactura();
    const nota = await createAndIssue(t, a.auth, 'debit-note', {
      invoice: factura._id,
      codigoPorcentajeIva: '4',
      motivos: [
        { razon: 'Interés por mora', valor: 10 },
        { razon: 'Gastos de envío', valor: 2.35 },
      ],
      pagos: [{ formaPago: '01', total: 14.2 }],
    });
    // 12.35 + 15 % (1.8525 -> 1.85) = 14.20
    expect(nota).toMatchObject({ status: 'AUTORIZADA', codDoc: '05', invoice: factura._id, numDocModificado: factura.numero, totalSinImpuestos: 12.35, totalIva: 1.85, importeTotal: 14.2, valorTotal: 14.2, motivos: [{ razon: 'Interés por mora', valor: 10 }, { razon: 'Gastos de envío', valor: 2.35 }] });
    expect(parseClaveAcceso(nota.claveAcceso).codDoc).toBe('05');
    const xml = (await api('GET', `/api/debit-note/${nota._id}/xml`)).body;
    expect(xml).toContain('<notaDebito id="comprobante" version="1.0.0">');
    expect(xml).toContain('<motivo><razon>Gastos de envío</razon><valor>2.35</valor></motivo>');
    const { text } = await pdfText((await api('GET', `/api/debit-note/${nota._id}/pdf`)).rawPayload);
    for (const expected of ['NOTA DE DÉBITO', `FACTURA ${factura.numero}`, 'Interés por mora 10.00', 'VALOR TOTAL 14.20']) expect(text).toContain(expected);
    expect((await api('GET', `/api/invoice/${nota._id}`)).statusCode).toBe(404);
    expect(((await api('GET', `/api/debit-note?invoice=${factura._id}`)).json() as Array<{ _id: string }>).map((n) => n._id)).toEqual([nota._id]);
  });

  it('stores its drafts under the codDoc its registry entry gives: a type folder copied from it never writes 05', async () => {
    const factura = await authorisedFactura();
    const copied = { ...notaDebito.meta, codDoc: '99' as CodDoc, resource: 'copied-note' };
    const row = await notaDebito.saveDraft({
      meta: copied,
      db: t.deps.db,
      companyId: a.companyId,
      userId: a.userId,
      schemas: t.deps.schemas,
      consumidorFinalCap: t.deps.config.consumidorFinalCap,
      now: t.deps.clock(),
      body: { invoice: factura._id, codigoPorcentajeIva: '0', motivos: [{ razon: 'Interés', valor: 1 }] },
    });
    expect(row.codDoc).toBe('99');
    // Not a nota de débito: the debit-note API does not list or read it.
    expect((await api('GET', `/api/debit-note/${row.id}`)).statusCode).toBe(404);
    expect(((await api('GET', `/api/debit-note?invoice=${factura._id}`)).json() as Array<{ _id: string }>).map((n) => n._id)).not.toContain(row.id);
  });

  it('refuses pagos that do not add up, a draft or consumidor final factura, and another company’s factura', async () => {
    const factura = await authorisedFactura();
    const badPagos = await api('POST', '/api/debit-note', { invoice: factura._id, codigoPorcentajeIva: '0', motivos: [{ razon: 'Interés', valor: 10 }], pagos: [{ formaPago: '01', total: 9 }] });
    expect(badPagos.statusCode).toBe(400);
    expect(badPagos.json().details[0].path).toBe('pagos');

    const noMotivo = await api('POST', '/api/debit-note', { invoice: factura._id, codigoPorcentajeIva: '0', motivos: [] });
    expect(noMotivo.statusCode).toBe(400);
    expect(noMotivo.json().details[0].path).toMatch(/^motivos/);

    const draft = await post(t, a.auth, '/api/invoice', { establishment: data.establishment._id, ptoEmi: '001', customer: data.customer._id, detalles: [{ product: data.book._id, cantidad: 1, precioUnitario: 12.5, codigoPorcentajeIva: '0' }], pagos: [{ formaPago: '01', total: 12.5 }] });
    const onDraft = await api('POST', '/api/debit-note', { invoice: draft._id, codigoPorcentajeIva: '0', motivos: [{ razon: 'Interés', valor: 1 }] });
    expect(onDraft.statusCode).toBe(400);
    expect(onDraft.json().details[0].path).toBe('invoice');

    const cf = await authorisedFactura(data.consumidorFinal._id);
    const onCf = await api('POST', '/api/debit-note', { invoice: cf._id, codigoPorcentajeIva: '0', motivos: [{ razon: 'Interés', valor: 1 }] });
    expect(onCf.statusCode).toBe(400);
    expect(onCf.json().message).toContain('consumidor final');

    const other = await signUp(t, { ruc: await newRuc() });
    expect((await api('POST', '/api/debit-note', { invoice: factura._id, codigoPorcentajeIva: '0', motivos: [{ razon: 'Interés', valor: 1 }] }, other.auth)).statusCode).toBe(404);
  });
});
