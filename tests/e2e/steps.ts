/**
 * Steps the Chromium tests share: the sidebar navigation, a downloaded PDF's text, API calls to the
 * test server, and a second company (a supplier) that sells to the demo company's RUC through the
 * API and has the sandbox SRI authorise it (received documents, retenciones).
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { PDFParse } from 'pdf-parse';
import { simpleParser } from 'mailparser';
import { generateTestP12 } from '../../server/domain/comprobantes/test-certificate.ts';

/** Click a sidebar entry and wait for its page title. */
export async function navTo(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name, exact: true }).click();
  await page.getByTestId('page-title').filter({ hasText: new RegExp(`^${name}$`) }).waitFor();
}

/** The text of a PDF file (a RIDE), white space folded. */
export async function pdfText(file: string): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(readFileSync(file)) });
  const { text } = await parser.getText();
  await parser.destroy();
  return text.replace(/\s+/g, ' ');
}

export type ApiCall = (method: string, path: string, body?: unknown, token?: string) => Promise<Record<string, unknown>>;

/**
 * JSON calls to the server at `baseUrl()`, with a bearer token when given.
 * @throws Error naming the call, its status and body for any answer ≥ 300.
 */
export function apiCaller(baseUrl: () => string): ApiCall {
  return async (method, path, body, token) => {
    const res = await fetch(`${baseUrl()}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as Record<string, unknown>;
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
}

export interface SupplierSeller {
  token: string;
  /** The supplier sells `cantidad` resmas at 4.35 (+ IVA 15 %) to the buyer: the authorised factura. */
  sell(cantidad: number): Promise<{ claveAcceso: string; numero: string; importeTotal: number }>;
}

/**
 * A supplier company registers (activation link from the outbox), loads a test certificate, and
 * gets an establishment with one point, the buyer as customer and a product (RESMA-A4 at 4.35, IVA 15 %).
 * @param s.outboxFiles the server's outbox, the supplier's activation mail being the first message.
 */
export async function registerSupplierSellingTo(
  call: ApiCall,
  s: { outboxFiles: () => string[]; ruc: string; razonSocial: string; dirMatriz: string; estab: string; ptoEmi: string; buyer: { ruc: string; razonSocial: string } },
): Promise<SupplierSeller> {
  const email = `proveedor${Date.now()}@example.com`;
  await call('POST', '/auth/register', {
    company: { ruc: s.ruc, razonSocial: s.razonSocial, email, dirMatriz: s.dirMatriz },
    user: { firstName: 'Proveedor', lastName: 'Prueba', email, password: 'Clave1234!' },
  });
  const mail = await simpleParser(readFileSync(s.outboxFiles()[0]));
  const activation = /#\/auth\/activate\/([A-Za-z0-9_-]+)/.exec(mail.text ?? '')![1];
  await call('PUT', `/auth/activate-account/${activation}`, {});
  const token = String((await call('PUT', '/auth/login', { email, password: 'Clave1234!' })).token);
  const p12 = generateTestP12({ ruc: s.ruc, razonSocial: s.razonSocial, password: 'p12' });
  await call('POST', '/api/admin/company/certificate', { p12: p12.toString('base64'), password: 'p12' }, token);
  const establishment = await call('POST', '/api/establishment', { estab: s.estab, nombre: 'Matriz', dirEstablecimiento: s.dirMatriz, puntosEmision: [{ ptoEmi: s.ptoEmi }] }, token);
  const customer = await call('POST', '/api/customer', { tipoIdentificacion: '04', identificacion: s.buyer.ruc, razonSocial: s.buyer.razonSocial }, token);
  const paper = await call('POST', '/api/product', { codigoPrincipal: 'RESMA-A4', descripcion: 'Resma de papel A4', precioUnitario: 4.35, codigoPorcentajeIva: '4' }, token);
  return {
    token,
    async sell(cantidad) {
      const total = Math.round(cantidad * 4.35 * 1.15 * 100) / 100;
      const draft = await call('POST', '/api/invoice', { establishment: establishment._id, ptoEmi: s.ptoEmi, customer: customer._id, detalles: [{ product: paper._id, cantidad, precioUnitario: 4.35, codigoPorcentajeIva: '4' }], pagos: [{ formaPago: '20', total }] }, token);
      const issued = await call('POST', `/api/invoice/${draft._id}/issue`, {}, token);
      if (issued.status !== 'AUTORIZADA') throw new Error(`La factura del proveedor quedó ${String(issued.status)}`);
      return { claveAcceso: String(issued.claveAcceso), numero: String(issued.numero), importeTotal: Number(issued.importeTotal) };
    },
  };
}
