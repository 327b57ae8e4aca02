/**
 * Received documents confirmed by the SRI (DESIGN.md §10, issue 24), on PGlite and PostgreSQL:
 * company A sells to B through the sandbox SRI; B uploads the XML. A forged upload (the genuine
 * factura re-signed with another certificate, or its amount changed and signed again) passes the
 * signature check but stays "Sin confirmar con el SRI" after `POST …/confirm` and stays out of the
 * libro de compras and the ATS; a genuine upload is confirmed and from then on serves the SRI's XML,
 * never the upload (an unsigned comment inside it is gone); a DOCTYPE is refused; the SRI down
 * during a check changes nothing and the daily pass confirms it once the SRI is back; the daily
 * consultation marks a factura A annulled in SRI en línea, which B can then no longer withhold.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newRuc, signUp, type TestApp } from '../helpers/test-app.ts';
import { createAndIssue, post, seedMasterData, uploadTestCertificate } from '../helpers/fixtures.ts';
import { guayaquilDate } from '../../core/guayaquil-date.ts';
import { signComprobante } from '../../server/domain/comprobantes/sign-xades.ts';
import { loadSigningCredentials } from '../../server/domain/comprobantes/signing-credentials.ts';
import { generateTestP12 } from '../../server/domain/comprobantes/test-certificate.ts';
import { createSriPort } from '../../server/sri/sri-port.ts';
import { injectFetch } from '../../server/http/inject-fetch.ts';
import { sandboxControl } from '../../server/sri/sandbox.ts';
import { previousMonthStart, refreshReceivedEstados, runReceivedCheck } from '../../server/domain/received/received-sri-check.ts';
import { sql } from 'drizzle-orm';

let t: TestApp;
let a: Awaited<ReturnType<typeof signUp>>;
let b: Awaited<ReturnType<typeof signUp>>;
let rucA: string;
let data: Awaited<ReturnType<typeof seedMasterData>>;
let buyerB: { _id: string };
const period = guayaquilDate(new Date()).slice(0, 7);

beforeAll(async () => {
  t = await createTestApp();
  rucA = await newRuc();
  const rucB = await newRuc();
  a = await signUp(t, { ruc: rucA, razonSocial: 'Distribuidora Andina' });
  b = await signUp(t, { ruc: rucB, razonSocial: 'Ferretería El Tornillo' });
  data = await seedMasterData(t, a.auth);
  await uploadTestCertificate(t, a.auth, { ruc: rucA, razonSocial: 'Distribuidora Andina' });
  buyerB = await post(t, a.auth, '/api/customer', { tipoIdentificacion: '04', identificacion: rucB, razonSocial: 'Ferretería El Tornillo' });
});
afterAll(async () => t?.close());
afterEach(() => sandboxControl.setOffline(false));

const api = (method: 'GET' | 'POST', url: string, auth: Record<string, string>, payload?: object) => t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

/** The daily passes as the worker runs them, through the app's in-process sandbox SRI. */
const dailyCheck = () =>
  runReceivedCheck({ db: t.database.db, clock: () => new Date(), sri: createSriPort({ sriEnv: 'sandbox', sandboxBaseUrl: 'http://emite.internal', fetch: injectFetch(t.app), fetchOnlyFor: 'http://emite.internal/' }) });

/** A factura from A to B for one laptop at `precio` (IVA 15 %): its signed XML as A's API serves it. */
async function saleToB(precio = 850) {
  const total = Math.round(precio * 1.15 * 100) / 100;
  const f = await createAndIssue(t, a.auth, 'invoice', {
    establishment: data.establishment._id,
    ptoEmi: '001',
    customer: buyerB._id,
    detalles: [{ product: data.laptop._id, cantidad: 1, precioUnitario: precio, codigoPorcentajeIva: '4' }],
    pagos: [{ formaPago: '20', total }],
  });
  expect(f.status).toBe('AUTORIZADA');
  const signed = (await api('GET', `/api/invoice/${f._id}/xml`, a.auth)).body;
  return { ...f, signed, total };
}

/** The comprobante's signature removed and a new one made with a fresh certificate in A's name (what a forger can do). */
function resign(signed: string, edit: (xml: string) => string = (x) => x): string {
  const bare = signed.replace(/<ds:Signature[\s\S]*<\/ds:Signature>/, '');
  const p12 = generateTestP12({ ruc: rucA, razonSocial: 'Distribuidora Andina', password: 'otra' });
  return signComprobante(edit(bare), loadSigningCredentials(p12, 'otra'));
}

const upload = async (xml: string) => {
  const res = await api('POST', '/api/received-document', b.auth, { xml });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json()).toMatchObject({ source: 'xml', confirmado: false });
  return res.json() as { _id: string; claveAcceso: string };
};
const confirm = (id: string) => api('POST', `/api/received-document/${id}/confirm`, b.auth);
const purchasesBook = async () => ((await api('GET', `/api/reports/purchases-book?period=${period}`, b.auth)).json() as Array<{ _id: string }>).map((r) => r._id);
const atsCheck = async () => (await api('GET', `/api/reports/ats/check?period=${period}`, b.auth)).json() as { totals: { compras: number }; problems: Array<{ code: string; _id?: string }> };

describe('a forged upload stays unconfirmed and out of the reports', () => {
  it('the genuine factura re-signed with another certificate', async () => {
    const f = await saleToB();
    const forged = resign(f.signed);
    expect(forged).not.toBe(f.signed);
    const doc = await upload(forged);
    const res = await confirm(doc._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ confirmado: false, confirmMessage: 'El XML subido no es el que autorizó el SRI: está firmado con otra firma electrónica. Registre el comprobante por su clave de acceso' });
    expect(res.json().sriCheckedAt).toEqual(expect.any(String));
    // Still the upload: nothing of the SRI's replaced it.
    expect((await api('GET', `/api/received-document/${doc._id}/xml`, b.auth)).body).toBe(forged);
    expect(await purchasesBook()).not.toContain(doc._id);
    const check = await atsCheck();
    expect(check.problems).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'RECIBIDO_SIN_CONFIRMAR', _id: doc._id })]));
    expect(check.totals.compras).toBe(0);
  });

  it('the amount changed and signed again', async () => {
    const f = await saleToB();
    const forged = resign(f.signed, (xml) => xml.replace('<importeTotal>977.50</importeTotal>', '<importeTotal>9775.00</importeTotal>'));
    expect(forged).toContain('<importeTotal>9775.00</importeTotal>');
    const doc = await upload(forged);
    const res = await confirm(doc._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      confirmado: false,
      importeTotal: 9775,
      confirmMessage: 'El XML subido no es el que autorizó el SRI: el importe total autorizado es 977.50 y el del XML subido 9775.00. Registre el comprobante por su clave de acceso',
    });
    // The daily retry asks again and changes nothing.
    await dailyCheck();
    expect((await api('GET', `/api/received-document/${doc._id}`, b.auth)).json()).toMatchObject({ confirmado: false, importeTotal: 9775 });
    expect(await purchasesBook()).not.toContain(doc._id);
    expect((await atsCheck()).totals.compras).toBe(0);
  });
});

describe('a DOCTYPE is refused', () => {
  it('in the bare XML and inside an envelope, with a Spanish message on xml (400)', async () => {
    const f = await saleToB(10);
    const withDoctype = f.signed.replace(/^(<\?xml[^>]*\?>)?/, (decl) => `${decl}<!DOCTYPE factura [<!ENTITY x "y">]>`);
    const res = await api('POST', '/api/received-document', b.auth, { xml: withDoctype });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: expect.stringContaining('DOCTYPE'), details: [{ path: 'xml' }] });
    const envelope = `<autorizacion><estado>AUTORIZADO</estado><numeroAutorizacion>${f.claveAcceso}</numeroAutorizacion><comprobante><![CDATA[${withDoctype}]]></comprobante></autorizacion>`;
    const inEnvelope = await api('POST', '/api/received-document', b.auth, { xml: envelope });
    expect(inEnvelope.statusCode).toBe(400);
    expect(inEnvelope.json().details[0].path).toBe('xml');
    expect((await api('GET', '/api/received-document?q=' + f.claveAcceso, b.auth)).headers['x-total-count']).toBe('0');
  });
});

describe('a genuine upload', () => {
  it('the SRI down during the check changes nothing; once it is back the daily pass confirms it and the SRI XML is served, never the upload', async () => {
    const f = await saleToB(100);
    // A comment is outside the signature's canonical form: the upload verifies, but that block is not signed.
    const withBlock = f.signed.replace('</infoTributaria>', '</infoTributaria><!-- pague a la cuenta 999 -->');
    const doc = await upload(withBlock);
    const before = (await api('GET', `/api/received-document/${doc._id}`, b.auth)).json();

    sandboxControl.setOffline(true);
    const down = await confirm(doc._id);
    expect(down.statusCode).toBe(503);
    expect(down.json().message).toMatch(/^El SRI no respondió a la consulta del comprobante .*; no se cambió nada, intente más tarde/);
    const pass = await dailyCheck();
    expect(pass.confirm.unavailable).toBe(true);
    expect((await api('GET', `/api/received-document/${doc._id}`, b.auth)).json()).toEqual(before);
    expect(await purchasesBook()).not.toContain(doc._id);

    sandboxControl.setOffline(false);
    const retried = await dailyCheck();
    expect(retried.confirm.unavailable).toBe(false);
    const after = (await api('GET', `/api/received-document/${doc._id}`, b.auth)).json();
    expect(after).toMatchObject({ confirmado: true, sriEstado: 'AUTORIZADO', confirmMessage: null, numeroAutorizacion: f.claveAcceso, importeTotal: 115 });
    const xml = (await api('GET', `/api/received-document/${doc._id}/xml`, b.auth)).body;
    expect(xml).toBe(f.signed);
    expect(xml).not.toContain('cuenta 999');
    expect((await api('GET', `/api/received-document/${doc._id}/xml?format=autorizacion`, b.auth)).body).toContain('<estado>AUTORIZADO</estado>');
    expect(await purchasesBook()).toContain(doc._id);
    // Confirming again only refreshes the SRI's estado.
    const again = await confirm(doc._id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ confirmado: true, sriEstado: 'AUTORIZADO' });
  });

  it('POST …/confirm confirms at once; another company gets 404', async () => {
    const f = await saleToB(20);
    const doc = await upload(f.signed);
    expect((await confirm(doc._id)).json()).toMatchObject({ confirmado: true, sriEstado: 'AUTORIZADO', confirmMessage: null });
    expect((await api('POST', `/api/received-document/${doc._id}/confirm`, a.auth)).statusCode).toBe(404);
  });
});

describe('annulled by its issuer', () => {
  it('the daily consultation marks it ANULADO: out of the libro de compras, and no retención on it', async () => {
    const f = await saleToB(40);
    const byKey = await api('POST', '/api/received-document', b.auth, { claveAcceso: f.claveAcceso });
    expect(byKey.statusCode, byKey.body).toBe(201);
    const id = byKey.json()._id as string;
    expect(await purchasesBook()).toContain(id);

    // A annuls it in SRI en línea (the sandbox's stand-in): a factura is ANULADO at once.
    const portal = await t.app.inject({ method: 'POST', url: '/sri-sandbox/portal/anulacion', payload: { claveAcceso: f.claveAcceso, motivo: 'Error en el precio' } });
    expect(portal.statusCode, portal.body).toBe(200);
    const pass = await dailyCheck();
    expect(pass.consult.changed).toBeGreaterThanOrEqual(1);
    expect((await api('GET', `/api/received-document/${id}`, b.auth)).json()).toMatchObject({ sriEstado: 'ANULADO', confirmado: true });
    expect(await purchasesBook()).not.toContain(id);

    const proposal = await api('GET', `/api/withholding/proposal?receivedDocument=${id}`, b.auth);
    expect(proposal.statusCode).toBe(400);
    expect(proposal.json()).toMatchObject({ message: expect.stringMatching(/^El SRI anuló el comprobante recibido \d{3}-\d{3}-\d{9}: ya no se puede emitir una retención sobre él/), details: [{ path: 'receivedDocument' }] });
  });
});

describe('the daily passes with more documents than one pass takes', () => {
  it('go round all of them, asked longest ago first, instead of asking the same ones every day', async () => {
    for (const precio of [11, 12, 13]) {
      const f = await saleToB(precio);
      expect((await api('POST', '/api/received-document', b.auth, { claveAcceso: f.claveAcceso })).statusCode).toBe(201);
    }
    const since = previousMonthStart(guayaquilDate(new Date()));
    const eligible = async () => ((await t.database.db.execute(sql`select id, sri_checked_at from received_document where fecha_emision >= ${since} and (sri_estado is null or sri_estado <> 'ANULADO')`)) as unknown as { rows: Array<{ id: string; sri_checked_at: Date | string | null }> }).rows;
    const all = await eligible();
    expect(all.length).toBeGreaterThanOrEqual(3);
    const start = Date.now() + 3_600_000;
    const passes = Math.ceil(all.length / 2);
    for (let i = 0; i < passes; i++) {
      const at = new Date(start + i * 60_000);
      const pass = await refreshReceivedEstados({ db: t.database.db, clock: () => at, passLimit: 2, sri: createSriPort({ sriEnv: 'sandbox', sandboxBaseUrl: 'http://emite.internal', fetch: injectFetch(t.app), fetchOnlyFor: 'http://emite.internal/' }) });
      expect(pass.asked).toBe(2);
    }
    // Every document was asked in these passes: none kept its older check time.
    const after = await eligible();
    expect(after.filter((r) => new Date(r.sri_checked_at ?? 0).getTime() < start)).toEqual([]);
  });
});
