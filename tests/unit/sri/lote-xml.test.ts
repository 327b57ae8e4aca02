import { describe, expect, it } from 'vitest';
import { buildLoteBytes, buildLoteXml, readLote } from '../../../server/sri/lote-xml.ts';
import { createSriClient } from '../../../server/sri/soap-client.ts';

const CLAVE_LOTE = '2711202601179001691900110000000000000012345678917';
const RUC = '1790016919001';
const RECIBIDA = `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><ns2:validarComprobanteResponse xmlns:ns2="http://ec.gob.sri.ws.recepcion"><RespuestaRecepcionComprobante><estado>RECIBIDA</estado><comprobantes/></RespuestaRecepcionComprobante></ns2:validarComprobanteResponse></soap:Body></soap:Envelope>`;

/** A signed-looking comprobante of about `size` characters, with non-ASCII text. */
const comprobante = (n: number, size = 200) => `<?xml version="1.0" encoding="UTF-8"?>\n<factura id="comprobante"><razonSocial>Muñoz & Peña Nº ${n}</razonSocial><x>${'á'.repeat(size)}</x></factura>`;

describe('the lote as bytes', () => {
  it('is byte for byte the lote XML: declarations dropped, non-ASCII text in UTF-8, a "]]>" split across CDATA sections', () => {
    const comprobantes = [comprobante(1), comprobante(2, 5000), '<factura>dice ]]> adentro</factura>'];
    const bytes = buildLoteBytes({ claveAcceso: CLAVE_LOTE, ruc: RUC, comprobantes });
    expect(bytes.equals(Buffer.from(buildLoteXml({ claveAcceso: CLAVE_LOTE, ruc: RUC, comprobantes }), 'utf8'))).toBe(true);
    const read = readLote(bytes.toString('utf8'));
    expect(read).toMatchObject({ claveAcceso: CLAVE_LOTE, ruc: RUC, version: '1.0.0' });
    expect('comprobantes' in read && read.comprobantes).toEqual([comprobantes[0].slice(39), comprobantes[1].slice(39), comprobantes[2]]);
  });

  it('validarLote sends the same request for the bytes as for the text: the base64 of the whole lote, across its slices', async () => {
    // ~300 kB of UTF-8: the base64 is written in several slices.
    const comprobantes = Array.from({ length: 30 }, (_, i) => comprobante(i, 5000 + i));
    const lote = { claveAcceso: CLAVE_LOTE, ruc: RUC, comprobantes };
    const bodies: string[] = [];
    const client = createSriClient({
      recepcionUrl: 'https://sri.test/r',
      autorizacionUrl: 'https://sri.test/a',
      fetch: (async (_url: string, init?: RequestInit) => {
        bodies.push(String(init?.body));
        return new Response(RECIBIDA, { status: 200 });
      }) as typeof fetch,
    });
    expect((await client.validarLote(buildLoteBytes(lote))).estado).toBe('RECIBIDA');
    await client.validarLote(buildLoteXml(lote));
    expect(bodies[0]).toBe(bodies[1]);
    const base64 = /<xml>([^<]+)<\/xml>/.exec(bodies[0])![1];
    expect(Buffer.from(base64, 'base64').toString('utf8')).toBe(buildLoteXml(lote));
    expect(bodies[0]).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><soapenv:Envelope [^>]+><soapenv:Header\/><soapenv:Body><ec:validarComprobante><xml>[A-Za-z0-9+/]+={0,2}<\/xml><\/ec:validarComprobante><\/soapenv:Body><\/soapenv:Envelope>$/);
  });
});
