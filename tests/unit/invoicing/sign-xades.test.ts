import { createHash, verify, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { DOMParser } from '@xmldom/xmldom';
import { signInvoiceXml } from 'ec-sri-invoice-signer';
import { C14nCanonicalization } from 'xml-crypto';
import { describe, expect, it } from 'vitest';
import { buildFacturaXml } from '../../../server/domain/comprobantes/factura/build-factura-xml.ts';
import { signComprobante } from '../../../server/domain/comprobantes/sign-xades.ts';
import { clearCredentialsCache, loadSigningCredentials } from '../../../server/domain/comprobantes/signing-credentials.ts';
import { generateTestP12 } from '../../../server/domain/comprobantes/test-certificate.ts';
import { facturaWith15Adicionales, fullFactura, minimalFactura } from './factura-fixtures.ts';
import { xmlsec1Verify, xmlsec1Version } from './xmlsec1.ts';

const NS_DS = 'http://www.w3.org/2000/09/xmldsig#';
const NS_ETSI = 'http://uri.etsi.org/01903/v1.3.2#';
const P12_PASSWORD = 'clave-de-prueba';
const p12 = generateTestP12({ ruc: '1790016919001', razonSocial: 'ALMACENES EL ÑANDÚ S.A.', password: P12_PASSWORD });
const creds = () => loadSigningCredentials(p12, P12_PASSWORD);
const SAMPLE = readFileSync(new URL('../../../../shared/sri/samples/factura-1.1.0-unsigned.xml', import.meta.url), 'utf8');

// xmldom's nodes, typed as the DOM's (the tsconfig has lib DOM; xml-crypto takes DOM nodes).
const parse = (xml: string) => new DOMParser().parseFromString(xml, 'text/xml') as unknown as Document;
const elements = (node: Node) => Array.from(node.childNodes).filter((n): n is Element => n.nodeType === 1);
const byId = (doc: Document, id: string) => {
  return Array.from(doc.getElementsByTagName('*')).find((e) => e.getAttribute('Id') === id || e.getAttribute('id') === id)!;
};
const signatureOf = (doc: Document) => doc.getElementsByTagNameNS(NS_DS, 'Signature')[0];

function expectVerified(signed: string) {
  const res = xmlsec1Verify(signed);
  expect(res.output).toMatch(/SignedInfo References \(ok\/all\): 3\/3/);
  expect(res.ok, res.output).toBe(true);
}

/**
 * Element structure under ds:Signature with values ignored: {namespace}localName, the names of its
 * attributes other than namespace declarations (so which elements carry an Id is compared too), and
 * its children, recursively.
 */
function shape(el: Element, opts: { referencesInSriOrder?: boolean; dropEncoding?: boolean } = {}): string {
  let children = elements(el);
  if (opts.dropEncoding) children = children.filter((c) => c.localName !== 'Encoding');
  if (opts.referencesInSriOrder && el.localName === 'SignedInfo') {
    const rank = (c: Element) => (c.localName !== 'Reference' ? -1 : c.getAttribute('Type') ? 0 : c.getAttribute('URI') === '#comprobante' ? 2 : 1);
    children = [...children].sort((a, b) => rank(a) - rank(b));
  }
  const attrs = Array.from(el.attributes)
    .map((a) => a.name)
    .filter((n) => n !== 'xmlns' && !n.startsWith('xmlns:'))
    .sort();
  const ns = el.namespaceURI === NS_DS ? 'ds' : el.namespaceURI === NS_ETSI ? 'xades' : el.namespaceURI;
  return `${ns}:${el.localName}[${attrs.join(',')}](${children.map((c) => shape(c, opts)).join('')})`;
}

const referenceTargets = (doc: Document) => Array.from(doc.getElementsByTagNameNS(NS_DS, 'Reference')).map((r) => r.getAttribute('Type') ?? r.getAttribute('URI'));

describe('signComprobante', () => {
  it('needs xmlsec1 (apt-get install -y xmlsec1) to check signatures independently', () => {
    expect(xmlsec1Version()).toMatch(/^xmlsec1 /);
  });

  it.each([
    ['one line, required elements only', minimalFactura()],
    ['five lines, every IVA kind, text with & < > " \'', fullFactura()],
    ['15 campoAdicional', facturaWith15Adicionales()],
    ['120 lines', { ...fullFactura(), detalles: Array.from({ length: 24 }, () => fullFactura().detalles).flat() }],
  ])('signs a factura that xmlsec1 verifies: %s', (_, doc) => {
    expectVerified(signComprobante(buildFacturaXml(doc), creds()));
  });

  it('signs the pretty-printed SRI sample and a root carrying namespaces, xml:lang, a comment and a PI, without reformatting them', () => {
    const sample = signComprobante(SAMPLE, creds());
    expectVerified(sample);
    expect(sample.startsWith(SAMPLE.slice(0, SAMPLE.lastIndexOf('</factura>')))).toBe(true);
    expect(sample.endsWith('</ds:Signature></factura>\n')).toBe(true);

    // Inclusive C14N renders the root's namespace declarations and xml:* attributes on every signed
    // part: the signer must hash them as they stand inside the document.
    const decorated = buildFacturaXml(minimalFactura())
      .replace('<?xml version="1.0" encoding="UTF-8"?>', '<?xml version="1.0" encoding="UTF-8"?>\n<!-- emitido por Emite -->\n<?xml-stylesheet type="text/xsl" href="factura.xsl"?>\n')
      .replace('<factura id="comprobante"', '<factura xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xml:lang="es" id="comprobante"');
    const signed = signComprobante(decorated, creds());
    expectVerified(signed);
    expect(signed.startsWith(decorated.slice(0, decorated.lastIndexOf('</factura>')))).toBe(true);
  });

  it('writes the SRI form: last child, ds+etsi declared, SignedProperties -> KeyInfo -> #comprobante, and the certificate data', () => {
    const c = creds();
    const at = new Date('2026-11-20T15:04:05.678Z');
    const unsigned = buildFacturaXml(fullFactura());
    const signed = signComprobante(unsigned, c, { signingTime: at });
    expect(signed.slice(0, unsigned.length - '</factura>'.length)).toBe(unsigned.slice(0, -'</factura>'.length));
    const doc = parse(signed);
    const root = doc.documentElement;
    const sig = elements(root).at(-1)!;
    expect(sig.tagName).toBe('ds:Signature');
    expect(sig.getAttribute('xmlns:ds')).toBe(NS_DS);
    expect(sig.getAttribute('xmlns:etsi')).toBe(NS_ETSI);
    expect(elements(sig).map((e) => e.tagName)).toEqual(['ds:SignedInfo', 'ds:SignatureValue', 'ds:KeyInfo', 'ds:Object']);

    const [signedInfo] = elements(sig);
    expect(elements(signedInfo).slice(0, 2).map((e) => [e.tagName, e.getAttribute('Algorithm')])).toEqual([
      ['ds:CanonicalizationMethod', 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315'],
      ['ds:SignatureMethod', 'http://www.w3.org/2000/09/xmldsig#rsa-sha1'],
    ]);
    const refs = elements(signedInfo).slice(2);
    expect(refs.map((r) => r.getAttribute('Type'))).toEqual(['http://uri.etsi.org/01903#SignedProperties', null, null]);
    expect(byId(doc, refs[0].getAttribute('URI')!.slice(1)).tagName).toBe('etsi:SignedProperties');
    expect(byId(doc, refs[1].getAttribute('URI')!.slice(1)).tagName).toBe('ds:KeyInfo');
    expect(refs[2].getAttribute('URI')).toBe('#comprobante');
    expect(elements(elements(refs[2])[0]).map((t) => t.getAttribute('Algorithm'))).toEqual(['http://www.w3.org/2000/09/xmldsig#enveloped-signature']);
    for (const r of refs) expect(r.getElementsByTagName('ds:DigestMethod')[0].getAttribute('Algorithm')).toBe('http://www.w3.org/2000/09/xmldsig#sha1');

    const text = (tag: string) => doc.getElementsByTagName(tag)[0].textContent;
    expect(text('ds:X509Certificate')).toBe(c.certificateBase64);
    expect(text('ds:Modulus')).toBe(c.modulusBase64);
    expect(text('ds:Exponent')).toBe('AQAB');
    expect(text('etsi:SigningTime')).toBe('2026-11-20T10:04:05-05:00');
    expect(doc.getElementsByTagName('etsi:CertDigest')[0].getElementsByTagName('ds:DigestValue')[0].textContent).toBe(createHash('sha1').update(c.certificateDer).digest('base64'));
    expect(text('ds:X509IssuerName')).toBe('CN=ALMACENES EL ÑANDÚ S.A.,SERIALNUMBER=1790016919001,C=EC');
    expect(text('ds:X509SerialNumber')).toBe(BigInt(`0x${new X509Certificate(c.certificateDer).serialNumber}`).toString());
    expect(text('ds:X509SerialNumber')).toMatch(/^\d+$/);
    const format = doc.getElementsByTagName('etsi:DataObjectFormat')[0];
    expect(format.getAttribute('ObjectReference')).toBe(`#${refs[2].getAttribute('Id')}`);
    expect(elements(format).map((e) => e.tagName)).toEqual(['etsi:Description', 'etsi:MimeType']);
    expect(text('etsi:MimeType')).toBe('text/xml');
    expect(doc.getElementsByTagName('etsi:QualifyingProperties')[0].getAttribute('Target')).toBe(`#${sig.getAttribute('Id')}`);
  });

  it('has the element structure of ec-sri-invoice-signer, whose signature xmlsec1 verifies too', () => {
    // No " or ' in the text: that package's own C14N keeps &quot; and its signature then fails.
    const xml = buildFacturaXml(minimalFactura());
    const reference = signInvoiceXml(xml, p12, { pkcs12Password: P12_PASSWORD });
    expectVerified(reference);
    const mine = signComprobante(xml, creds());
    expectVerified(mine);

    const ref = signatureOf(parse(reference));
    const ours = signatureOf(parse(mine));
    // Two documented differences, and nothing else: SRI.md orders the references SignedProperties,
    // KeyInfo, #comprobante (the package puts #comprobante first), and the package adds the optional
    // xades:Encoding to DataObjectFormat, which SRI.md's form does not have.
    expect(referenceTargets(parse(reference))).toEqual(['#comprobante', 'http://uri.etsi.org/01903#SignedProperties', expect.stringMatching(/^#Certificate-/)]);
    expect(referenceTargets(parse(mine))).toEqual(['http://uri.etsi.org/01903#SignedProperties', expect.stringMatching(/^#Certificate-/), '#comprobante']);
    expect(parse(reference).getElementsByTagNameNS(NS_ETSI, 'Encoding')).toHaveLength(1);
    expect(shape(ours)).toBe(shape(ref, { referencesInSriOrder: true, dropEncoding: true }));
    // Same namespaces; only the prefix of XAdES differs (etsi here, as SRI.md writes it).
    expect(ours.getElementsByTagNameNS(NS_ETSI, 'SignedProperties')[0].prefix).toBe('etsi');
    expect(ref.getElementsByTagNameNS(NS_ETSI, 'SignedProperties')[0].prefix).toBe('xades');
  });

  it('digests agree with an independent C14N (xml-crypto over @xmldom/xmldom) and the RSA-SHA1 value verifies', () => {
    const c = creds();
    const signed = signComprobante(buildFacturaXml(fullFactura()), c);
    const doc = parse(signed);
    const sig = signatureOf(doc);
    const c14n = new C14nCanonicalization();
    const inSignature = { ancestorNamespaces: [{ prefix: 'ds', namespaceURI: NS_DS }, { prefix: 'etsi', namespaceURI: NS_ETSI }] };
    const sha1 = (s: string) => createHash('sha1').update(s, 'utf8').digest('base64');
    const refs = Array.from(sig.getElementsByTagNameNS(NS_DS, 'Reference'));
    const digestOf = (r: Element) => r.getElementsByTagNameNS(NS_DS, 'DigestValue')[0].textContent;

    expect(digestOf(refs[0])).toBe(sha1(c14n.process(byId(doc, refs[0].getAttribute('URI')!.slice(1)), inSignature)));
    expect(digestOf(refs[1])).toBe(sha1(c14n.process(byId(doc, refs[1].getAttribute('URI')!.slice(1)), inSignature)));
    const signedInfo = c14n.process(sig.getElementsByTagNameNS(NS_DS, 'SignedInfo')[0], inSignature);
    const value = Buffer.from(sig.getElementsByTagNameNS(NS_DS, 'SignatureValue')[0].textContent!, 'base64');
    expect(verify('sha1', Buffer.from(signedInfo, 'utf8'), new X509Certificate(c.certificateDer).publicKey, value)).toBe(true);
    // Enveloped: the whole comprobante with the signature removed.
    sig.parentNode!.removeChild(sig);
    expect(digestOf(refs[2])).toBe(sha1(c14n.process(doc.documentElement, {})));
  });

  it('fails xmlsec1 verification once importeTotal or the signing time is changed', () => {
    const signed = signComprobante(buildFacturaXml(fullFactura()), creds());
    expectVerified(signed);
    const total = signed.replace('<importeTotal>209.05</importeTotal>', '<importeTotal>9.05</importeTotal>');
    expect(total).not.toBe(signed);
    expect(xmlsec1Verify(total).ok).toBe(false);
    const time = signed.replace(/<etsi:SigningTime>\d{4}/, '<etsi:SigningTime>1999');
    expect(time).not.toBe(signed);
    expect(xmlsec1Verify(time).ok).toBe(false);
  });

  it('is byte-identical for a fixed signing time with cached credentials, and after re-reading the .p12', () => {
    const xml = buildFacturaXml(fullFactura());
    const signingTime = new Date('2026-11-20T15:00:00Z');
    clearCredentialsCache();
    const first = signComprobante(xml, loadSigningCredentials(p12, P12_PASSWORD), { signingTime });
    const cached = loadSigningCredentials(p12, P12_PASSWORD);
    expect(cached).toBe(loadSigningCredentials(p12, P12_PASSWORD));
    expect(signComprobante(xml, cached, { signingTime })).toBe(first);
    clearCredentialsCache();
    expect(signComprobante(xml, loadSigningCredentials(p12, P12_PASSWORD), { signingTime })).toBe(first);
    // Another time, another signature (and other Ids).
    expect(signComprobante(xml, cached, { signingTime: new Date('2026-11-20T15:00:01Z') })).not.toBe(first);
  });

  it('signs correctly when the certificate text itself looks like a template slot ({{…}}, &)', () => {
    // Exercises the per-document C14N path that replaces the cached canonical templates.
    const odd = generateTestP12({ ruc: '1790016919001', razonSocial: 'ACME {{signingTime}} & {{otro}}', password: 'x' });
    const c = loadSigningCredentials(odd, 'x');
    expect(c.issuerName).toBe('CN=ACME {{signingTime}} & {{otro}},SERIALNUMBER=1790016919001,C=EC');
    const signed = signComprobante(buildFacturaXml(minimalFactura()), c);
    expect(signed).toContain('<ds:X509IssuerName>CN=ACME {{signingTime}} &amp; {{otro}},SERIALNUMBER=1790016919001,C=EC</ds:X509IssuerName>');
    expectVerified(signed);
  });

  it('refuses input it cannot sign correctly, in Spanish', () => {
    const c = creds();
    const xml = buildFacturaXml(minimalFactura());
    expect(() => signComprobante('<factura id="comprobante">', c)).toThrow(/no es un XML bien formado/);
    expect(() => signComprobante(xml.replace(' id="comprobante"', ''), c)).toThrow(/id="comprobante"/);
    expect(() => signComprobante(signComprobante(xml, c), c)).toThrow('El comprobante ya está firmado');
    expect(() => signComprobante(xml.replace('?>', '?><!DOCTYPE factura [<!ENTITY x "y">]>'), c)).toThrow('El comprobante no puede tener DOCTYPE');
    expect(() => signComprobante(xml.replace('UTF-8', 'ISO-8859-1'), c)).toThrow(/UTF-8/);
    expect(() => signComprobante(xml, c, { signingTime: new Date('no') })).toThrow(/signingTime/);
  });
});
