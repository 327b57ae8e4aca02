/**
 * Notas de crédito (codDoc 04) through the shared pipeline, on PGlite and PostgreSQL: from an
 * AUTORIZADA factura to an AUTORIZADA nota; what is left to credit (per IVA rate and in total); the
 * reference rules (own company, authorised, not consumidor final); consecutive numbering under
 * concurrency; the SRI down then up; /api/invoice unchanged for existing clients.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newRuc, signUp, type TestApp } from '../helpers/test-app.ts';
import { createAndIssue, post, seedMasterData, issuingCompany } from '../helpers/fixtures.ts';
import { createSriClient, SriUnavailableError } from '../../server/sri/soap-client.ts';
import { injectFetch } from '../../server/http/inject-fetch.ts';
import { runDueJobs } from '../../server/app-worker.ts';
import { parseClaveAcceso } from '../../core/access-key.ts';
import { pdfText } from '../helpers/xml-tools.ts';

let t: TestApp;
let a: Awaited<ReturnType<typeof signUp>>;
let data: Awaited<ReturnType<typeof seedMasterData>>;
let sriOnline = true;
/** Reception calls per access key, as the sandbox got them. */
const receptions = new Map<string, number>();

beforeAll(async () => {
  t = await createTestApp({
    extend: (deps) => {
      const urls = {
        recepcionUrl: 'http://x/sri-sandbox/comprobantes-electronicos-ws/RecepcionComprobantesOffline',
        autorizacionUrl: 'http://x/sri-sandbox/comprobantes-electronicos-ws/AutorizacionComprobantesOffline',
      };
      let client: ReturnType<typeof createSriClient> | undefined;
      const inner = () => (client ??= createSriClient({ ...urls, fetch: injectFetch(t.app) }));
      deps.sri = {
        async validarComprobante(xml) {
          if (!sriOnline) throw new SriUnavailableError('sin conexión (prueba)');
          const clave = /<claveAcceso>(\d{49})</.exec(xml)?.[1] ?? '?';
          receptions.set(clave, (receptions.get(clave) ?? 0) + 1);
          return inner().validarComprobante(xml);
        },
        async autorizacionComprobante(clave) {
          if (!sriOnline) throw new SriUnavailableError('sin conexión (prueba)');
          return inner().autorizacionComprobante(clave);
        },
      };
    },
  });
  ({ a, data } = await issuingCompany(t));
});
afterAll(async () => t?.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, auth = a.auth) => t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

/** 2 laptops at 850 (15 %) and 4 books at 12.50 (0 %): 1700 + 255 IVA + 50 = 2005.00. */
async function authorisedFactura(lines = { laptops: 2, books: 4 }, customer = data.customer._id) {
  const detalles = [
    ...(lines.laptops ? [{ product: data.laptop._id, cantidad: lines.laptops, precioUnitario: 850, codigoPorcentajeIva: '4' }] : []),
    ...(lines.books ? [{ product: data.book._id, cantidad: lines.books, precioUnitario: 12.5, codigoPorcentajeIva: '0' }] : []),
  ];
  const total = lines.laptops * 850 * 1.15 + lines.books * 12.5;
  const factura = await createAndIssue(t, a.auth, 'invoice', { establishment: data.establishment._id, ptoEmi: '001', customer, detalles, pagos: [{ formaPago: '01', total: Number(total.toFixed(2)) }] });
  expect(factura.status).toBe('AUTORIZADA');
  return factura;
}

const laptopReturn = (cantidad: number) => ({ product: data.laptop._id, codigoPrincipal: 'LAP-01', descripcion: 'Laptop 14" (devolución)', cantidad, precioUnitario: 850, codigoPorcentajeIva: '4' });

describe('nota de crédito', () => {
  it('factura -> AUTORIZADA -> partial nota de crédito -> AUTORIZADA, and the factura has less left to credit', async () => {
    const factura = await authorisedFactura();
    const before = (await api('GET', `/api/invoice/${factura._id}/creditable`)).json();
    expect(before).toMatchObject({ importeTotal: 2005, credited: 0, remaining: 2005 });

    const nota = await createAndIssue(t, a.auth, 'credit-note', { invoice: factura._id, motivo: 'Devolución de una laptop', detalles: [laptopReturn(1)] });
    expect(nota).toMatchObject({
      status: 'AUTORIZADA',
      codDoc: '04',
      invoice: factura._id,
      numDocModificado: factura.numero,
      motivo: 'Devolución de una laptop',
      razonSocialComprador: 'María Fernanda Lozada',
      importeTotal: 977.5,
      valorModificacion: 977.5,
    });
    expect(parseClaveAcceso(nota.claveAcceso).codDoc).toBe('04');

    const xml = (await api('GET', `/api/credit-note/${nota._id}/xml`)).body;
    expect(xml).toContain('<notaCredito id="comprobante" version="1.1.0">');
    expect(xml).toContain(`<numDocModificado>${factura.numero}</numDocModificado>`);
    expect(xml).toContain('<valorModificacion>977.50</valorModificacion>');

    const after = (await api('GET', `/api/invoice/${factura._id}/creditable`)).json();
    expect(after).toMatchObject({ credited: 977.5, remaining: 1027.5 });
    expect(after.byRate).toEqual(expect.arrayContaining([expect.objectContaining({ codigoPorcentaje: '4', baseImponible: 1700, credited: 850, remaining: 850 })]));
    expect(after.notes).toEqual([expect.objectContaining({ _id: nota._id, numero: nota.numero, status: 'AUTORIZADA', counted: true })]);

    const ride = await api('GET', `/api/credit-note/${nota._id}/pdf`);
    expect(ride.headers['content-type']).toBe('application/pdf');
    const { text } = await pdfText(ride.rawPayload);
    for (const expected of ['NOTA DE CRÉDITO', `Comprobante que se modifica: FACTURA ${factura.numero}`, 'Razón de Modificación: Devolución de una laptop', 'VALOR TOTAL 977.50']) expect(text).toContain(expected);

    // The factura's API is unchanged: the nota is not an invoice, and the list holds only facturas.
    expect((await api('GET', `/api/invoice/${nota._id}`)).statusCode).toBe(404);
    const invoices = (await api('GET', '/api/invoice?status=AUTORIZADA')).json() as Array<{ _id: string; codDoc: string }>;
    expect(invoices.every((i) => i.codDoc === '01')).toBe(true);
    const notas = (await api('GET', `/api/credit-note?invoice=${factura._id}`)).json() as Array<{ _id: string }>;
    expect(notas.map((n) => n._id)).toEqual([nota._id]);
    expect(notas[0]).toMatchObject({ invoice: factura._id, numDocModificado: factura.numero });

    // Sales on the dashboard are net of the authorised nota (the company's only comprobantes so far).
    const dashboard = (await api('GET', `/api/dashboard?from=${nota.fechaEmision}&to=${nota.fechaEmision}`)).json();
    expect(dashboard.sales.period).toBe(1027.5);
    expect(dashboard.authorisedInPeriod).toBe(1);
    expect(dashboard.topProducts).toEqual(expect.arrayContaining([expect.objectContaining({ _id: data.laptop._id, total: 850, quantity: 1 })]));

    const mailed = await api('POST', `/api/credit-note/${nota._id}/email`, {});
    expect(mailed.json().message).toBe('Nota de crédito enviada a maria@example.com');
    const mail = (await t.mails()).at(-1)!;
    expect(mail.subject).toContain(`Nota de crédito electrónica ${nota.numero}`);
    expect(mail.attachments.map((x) => x.filename)).toEqual([`nota-credito-${nota.numero}.xml`, `RIDE-${nota.numero}.pdf`]);
  });

  it('refuses a second nota that would exceed what is left, per IVA rate and in total (400 with the field path)', async () => {
    const factura = await authorisedFactura({ laptops: 2, books: 4 });
    await createAndIssue(t, a.auth, 'credit-note', { invoice: factura._id, motivo: 'Devolución', detalles: [laptopReturn(1)] });
    const overRate = await api('POST', '/api/credit-note', { invoice: factura._id, motivo: 'Otra devolución', detalles: [laptopReturn(2)] });
    expect(overRate.statusCode).toBe(400);
    expect(overRate.json().details).toEqual([{ path: 'detalles', message: expect.stringContaining('IVA 15') }]);
    // A rate the factura never sold at is refused too.
    const otherRate = await api('POST', '/api/credit-note', { invoice: factura._id, motivo: 'Ajuste', detalles: [{ ...laptopReturn(1), codigoPorcentajeIva: '5' }] });
    expect(otherRate.statusCode).toBe(400);
    expect(otherRate.json().message).toMatch(/no tiene ventas con el código de IVA 5/);

    // Two drafts that each fit: the first issued takes the rest, the second is refused at issue.
    const d1 = await post(t, a.auth, '/api/credit-note', { invoice: factura._id, motivo: 'Devolución A', detalles: [laptopReturn(1)] });
    const d2 = await post(t, a.auth, '/api/credit-note', { invoice: factura._id, motivo: 'Devolución B', detalles: [laptopReturn(1)] });
    expect((await api('POST', `/api/credit-note/${d1._id}/issue`)).statusCode).toBe(200);
    const late = await api('POST', `/api/credit-note/${d2._id}/issue`);
    expect(late.statusCode).toBe(400);
    expect(late.json().details[0].path).toBe('detalles');
    expect((await api('GET', `/api/credit-note/${d2._id}`)).json()).toMatchObject({ status: 'BORRADOR', secuencial: null });
  });

  it('refuses a nota against another company’s factura (404), a draft or a consumidor final factura (400 at invoice)', async () => {
    const factura = await authorisedFactura({ laptops: 1, books: 0 });
    const other = await signUp(t, { ruc: await newRuc() });
    const { product: _own, ...line } = laptopReturn(1);
    const foreign = await api('POST', '/api/credit-note', { invoice: factura._id, motivo: 'x', detalles: [line] }, other.auth);
    expect(foreign.statusCode).toBe(404);

    const draft = await post(t, a.auth, '/api/invoice', { establishment: data.establishment._id, ptoEmi: '001', customer: data.customer._id, detalles: [{ product: data.book._id, cantidad: 1, precioUnitario: 12.5, codigoPorcentajeIva: '0' }], pagos: [{ formaPago: '01', total: 12.5 }] });
    const onDraft = await api('POST', '/api/credit-note', { invoice: draft._id, motivo: 'x', detalles: [{ codigoPrincipal: 'LIB-01', descripcion: 'Libro', cantidad: 1, precioUnitario: 12.5, codigoPorcentajeIva: '0' }] });
    expect(onDraft.statusCode).toBe(400);
    expect(onDraft.json().details).toEqual([{ path: 'invoice', message: expect.stringMatching(/autorizada.*BORRADOR/) }]);

    const cf = await authorisedFactura({ laptops: 0, books: 2 }, data.consumidorFinal._id);
    const onCf = await api('POST', '/api/credit-note', { invoice: cf._id, motivo: 'x', detalles: [{ codigoPrincipal: 'LIB-01', descripcion: 'Libro', cantidad: 1, precioUnitario: 12.5, codigoPorcentajeIva: '0' }] });
    expect(onCf.statusCode).toBe(400);
    expect(onCf.json().details).toEqual([{ path: 'invoice', message: expect.stringContaining('consumidor final') }]);
  });

  it('gives 50 concurrent notas on one emission point consecutive secuenciales with no gap', async () => {
    const factura = await authorisedFactura({ laptops: 60, books: 0 });
    const drafts = await Promise.all(Array.from({ length: 50 }, (_, i) => post(t, a.auth, '/api/credit-note', { invoice: factura._id, ptoEmi: '002', motivo: `Devolución ${i}`, detalles: [laptopReturn(1)] })));
    const issued = await Promise.all(drafts.map((d) => api('POST', `/api/credit-note/${d._id}/issue`)));
    for (const r of issued) expect(r.statusCode, r.body).toBe(200);
    const secuenciales = issued.map((r) => Number(r.json().secuencial)).sort((x, y) => x - y);
    expect(secuenciales).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect((await api('GET', `/api/invoice/${factura._id}/creditable`)).json()).toMatchObject({ credited: 48875, remaining: 9775 });
  });

  it('keeps the nota FIRMADA while the SRI is down and authorises it exactly once when it is back', async () => {
    const factura = await authorisedFactura({ laptops: 1, books: 0 });
    sriOnline = false;
    let nota;
    try {
      nota = await createAndIssue(t, a.auth, 'credit-note', { invoice: factura._id, motivo: 'Descuento posterior', detalles: [{ ...laptopReturn(1), precioUnitario: 100 }] });
    } finally {
      sriOnline = true;
    }
    expect(nota.status).toBe('FIRMADA');
    // The failed send was rescheduled with backoff: run the worker as if ten minutes had passed.
    const later = { ...t.deps, clock: () => new Date(Date.now() + 10 * 60_000) };
    for (let i = 0; i < 10 && (await runDueJobs(later as never)) > 0; i += 1);
    const done = (await api('GET', `/api/credit-note/${nota._id}`)).json();
    expect(done.status).toBe('AUTORIZADA');
    expect(receptions.get(nota.claveAcceso)).toBe(1);
  });

  it('edits and deletes only while a draft', async () => {
    const factura = await authorisedFactura({ laptops: 1, books: 0 });
    const draft = await post(t, a.auth, '/api/credit-note', { invoice: factura._id, motivo: 'x', detalles: [laptopReturn(1)] });
    const edited = await api('PUT', `/api/credit-note/${draft._id}`, { invoice: factura._id, motivo: 'Descuento', detalles: [{ ...laptopReturn(1), precioUnitario: 50 }] });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ motivo: 'Descuento', importeTotal: 57.5 });
    expect((await api('DELETE', `/api/credit-note/${draft._id}`)).statusCode).toBe(204);
    expect((await api('GET', `/api/credit-note/${draft._id}`)).statusCode).toBe(404);
  });
});
