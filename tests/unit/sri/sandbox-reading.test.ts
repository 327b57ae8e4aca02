/**
 * How the sandbox SRI reads what it is sent, on the paths a lote takes (issue 30): the forbidden
 * character check over a whole SOAP body, base64 with or without line breaks, and xmldom's parsing
 * (xml-dom.ts keeps xmldom's grammar patterns instead of building one per end tag): the same
 * answers, errors included, on every call.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { forbiddenXmlCharacter } from '../../../server/sri/sandbox-faults.ts';
import { parseXml, textOf } from '../../../server/sri/xml-dom.ts';
import { SANDBOX_PATHS, sandboxControl } from '../../../server/sri/sandbox.ts';
import { parseRecepcion } from '../../../server/sri/soap-client.ts';
import { signedFactura, startSandbox, type RunningSandbox } from './sri-fixtures.ts';

describe('forbiddenXmlCharacter', () => {
  it('accepts XML 1.0 characters: tabs, line breaks, accents, astral characters and their references', () => {
    expect(forbiddenXmlCharacter('<a>\tÁéñ\r\n😀 &#10; &#x1F600; &#233;</a>')).toBeUndefined();
    expect(forbiddenXmlCharacter('QUJD'.repeat(150_000))).toBeUndefined(); // a lote-sized base64 body
  });

  it('names the first forbidden character, written or referenced, as the fault string says it', () => {
    expect(forbiddenXmlCharacter('<a>x\u0001y</a>')).toBe('Illegal character ((CTRL-CHAR, code 0x1))');
    expect(forbiddenXmlCharacter('<a>\uD800</a>')).toBe('Illegal character ((CTRL-CHAR, code 0xd800))'); // a lone surrogate
    expect(forbiddenXmlCharacter('<a>\uFFFE</a>')).toBe('Illegal character ((CTRL-CHAR, code 0xfffe))');
    expect(forbiddenXmlCharacter(`${'QUJD'.repeat(150_000)}\u0000`)).toBe('Illegal character ((CTRL-CHAR, code 0x0))');
    expect(forbiddenXmlCharacter('<a>&#0;</a>')).toBe('Illegal character reference: code 0x0');
    expect(forbiddenXmlCharacter('<a>&#x1F;</a>')).toBe('Illegal character reference: code 0x1f');
  });
});

describe('parseXml', () => {
  it('reads the same tree every time, CDATA and comments included', () => {
    const xml = '<a><b>uno</b><!-- nota --><c><![CDATA[<x>]]></c><d:e xmlns:d="urn:d">dos</d:e></a>';
    for (let i = 0; i < 3; i += 1) {
      const root = parseXml(xml);
      expect([textOf(root, 'b'), textOf(root, 'c'), textOf(root, 'e')]).toEqual(['uno', '<x>', 'dos']);
    }
  });

  it('refuses a bad end tag with the same error every time', () => {
    for (const bad of ['<a><b></c></a>', '<a></a b>', '<a></1a>']) {
      const errors = [0, 1, 2].map(() => {
        try {
          parseXml(bad);
          return 'aceptado';
        } catch (err) {
          return (err as Error).message;
        }
      });
      expect(errors[0]).not.toBe('aceptado');
      expect(new Set(errors).size).toBe(1);
    }
  });
});

describe('validarComprobante base64', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(async () => sandbox?.close());
  beforeEach(async () => sandboxControl.reset());

  const send = async (base64: string) => {
    const res = await fetch(`${sandbox.baseUrl}${SANDBOX_PATHS.recepcion}`, {
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: '""' },
      body: `<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:ec="http://ec.gob.sri.ws.recepcion"><soapenv:Body><ec:validarComprobante><xml>${base64}</xml></ec:validarComprobante></soapenv:Body></soapenv:Envelope>`,
    });
    return parseRecepcion(await res.text(), res.status);
  };

  it('is read on one line or wrapped at 76 characters (MIME), and refused when it is not base64', async () => {
    const base64 = Buffer.from(signedFactura().xml).toString('base64');
    expect(await send(base64)).toMatchObject({ estado: 'RECIBIDA' });
    const wrapped = Buffer.from(signedFactura().xml).toString('base64').replace(/.{76}/g, '$&\r\n');
    expect(await send(`\n  ${wrapped}\n`)).toMatchObject({ estado: 'RECIBIDA' });
    const refused = await send(`${base64.slice(0, 100)}*${base64.slice(100)}`);
    expect(refused.estado).toBe('DEVUELTA');
    expect(refused.mensajes[0]).toMatchObject({ identificador: '35' });
  });
});
