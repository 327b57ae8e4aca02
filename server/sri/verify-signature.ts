/**
 * The sandbox SRI's signature check, independent of Emite's signer (which canonicalises with
 * libxml2): the XAdES-BES form the SRI requires (SRI ficha técnica §6; shared/sri/SRI.md
 * "Signature") is checked on an @xmldom/xmldom DOM, then the three reference digests are recomputed
 * with xml-crypto's C14N 1.0 canonicaliser and the RSA-SHA1 SignatureValue is verified with
 * node:crypto against the public key of the X509Certificate carried in KeyInfo.
 *
 * Why not xml-crypto's SignedXml: it finds every reference and every ancestor namespace with XPath
 * over the whole document, 40-50 ms per 7 KB factura measured here, which made the sandbox the
 * slowest step of issuing (bench/issue.ts). The references are resolved here by Id in one walk of
 * the tree; the canonicaliser and the checks are the same.
 */
import { createHash, verify as rsaVerify, X509Certificate } from 'node:crypto';
import { DOMParser, type Element } from '@xmldom/xmldom';
import { C14nCanonicalization, C14nCanonicalizationWithComments } from 'xml-crypto';
import { isElement, kids } from './xml-dom.ts';

const NS_DS = 'http://www.w3.org/2000/09/xmldsig#';
const NS_ETSI = 'http://uri.etsi.org/01903/v1.3.2#';
const ALGORITHMS = {
  c14n: ['http://www.w3.org/TR/2001/REC-xml-c14n-20010315', 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315#WithComments'],
  rsaSha1: 'http://www.w3.org/2000/09/xmldsig#rsa-sha1',
  sha1: 'http://www.w3.org/2000/09/xmldsig#sha1',
  enveloped: 'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
  signedPropertiesType: 'http://uri.etsi.org/01903#SignedProperties',
};

const attr = (el: Element | undefined, name: string) => el?.getAttribute(name) ?? '';
const dsChild = (el: Element | undefined, name: string) => (el ? kids(el, name).find((k) => k.namespaceURI === NS_DS) : undefined);

/** Every element carrying id / Id / ID, by value: a referenced id must name exactly one element. */
function elementsById(root: Element): Map<string, Element[]> {
  const index = new Map<string, Element[]>();
  const walk = (el: Element) => {
    for (const name of ['id', 'Id', 'ID']) {
      const value = el.getAttribute(name);
      if (value) index.set(value, [...(index.get(value) ?? []), el]);
    }
    for (let c = el.firstChild; c; c = c.nextSibling) if (isElement(c)) walk(c);
  };
  walk(root);
  return index;
}

function lastElementChild(el: Element): Element | undefined {
  for (let c = el.lastChild; c; c = c.previousSibling) if (isElement(c)) return c;
  return undefined;
}

/**
 * The namespace declarations in scope from the element's ancestors, nearest first, without the
 * ones the element declares itself: inclusive C14N of a document subset renders them on its apex
 * (W3C XML-C14N 1.0 §2.4, "namespace axis").
 */
function ancestorNamespaces(el: Element): Array<{ prefix: string; namespaceURI: string }> {
  const own = new Set<string>([el.prefix ?? '']);
  for (const a of Array.from(el.attributes)) if (a.name === 'xmlns' || a.name.startsWith('xmlns:')) own.add(a.name.slice(6));
  const seen = new Set<string>();
  const found: Array<{ prefix: string; namespaceURI: string }> = [];
  for (let p = el.parentNode; p && isElement(p); p = p.parentNode) {
    for (const a of Array.from(p.attributes)) {
      if (a.name !== 'xmlns' && !a.name.startsWith('xmlns:')) continue;
      const prefix = a.name.slice(6);
      if (seen.has(prefix)) continue;
      seen.add(prefix);
      if (a.value !== '' && !own.has(prefix)) found.push({ prefix, namespaceURI: a.value });
    }
  }
  return found;
}

/** C14N 1.0 (inclusive) of `el`; with `enveloped`, of a copy without `signature` (enveloped-signature transform). */
function canonical(el: Element, algorithm: string, signature?: Element): string {
  const c14n = algorithm.endsWith('#WithComments') ? new C14nCanonicalizationWithComments() : new C14nCanonicalization();
  // xml-crypto types its input as the browser's DOM Node; xmldom's Element is that node at run time.
  const apex = el as unknown as Node;
  if (!signature) return c14n.process(apex, { ancestorNamespaces: ancestorNamespaces(el) }).toString();
  // The enveloped-signature transform: the signature is taken out of the tree for the digest and
  // put back where it was (cheaper than cloning the comprobante, which cost 0.8 ms per factura).
  const next = signature.nextSibling;
  el.removeChild(signature);
  try {
    return c14n.process(apex, { ancestorNamespaces: ancestorNamespaces(el) }).toString();
  } finally {
    el.insertBefore(signature, next);
  }
}

/** Parsed certificates by their base64, a few hundred issuers at most (0.28 ms saved per reception). */
const certificates = new Map<string, X509Certificate | null>();
function certificateOf(base64: string): X509Certificate | null {
  let cert = certificates.get(base64);
  if (cert === undefined) {
    try {
      cert = new X509Certificate(Buffer.from(base64, 'base64'));
    } catch {
      cert = null;
    }
    if (certificates.size >= 500) certificates.delete(certificates.keys().next().value!);
    certificates.set(base64, cert);
  }
  return cert;
}

const sha1Base64 = (text: string) => createHash('sha1').update(text, 'utf8').digest('base64');

const BAD_SIGNATURE_VALUE = 'El valor de la firma (SignatureValue) no corresponde al certificado de KeyInfo';

/**
 * @param xml the comprobante exactly as received (already known to be well-formed).
 * @returns null when the signature is valid, else the reason in Spanish (the SRI's
 *   informacionAdicional for error 39).
 */
export function verifyComprobanteSignature(xml: string): string | null {
  const root = new DOMParser().parseFromString(xml, 'text/xml').documentElement;
  return root ? verifyComprobanteRoot(root) : 'El comprobante no está firmado (XML vacío)';
}

/** Same as {@link verifyComprobanteSignature}, on a comprobante already parsed (its root element). */
export function verifyComprobanteRoot(root: Element): string | null {
  // Whatever a crafted signature makes the DOM or the canonicaliser throw is a refusal (error 39),
  // never a crash of the reception service.
  try {
    return checkSignatureOf(root);
  } catch (err) {
    return `Firma inválida: ${(err as Error).message}`;
  }
}

function checkSignatureOf(root: Element): string | null {
  const signatures = Array.from(root.getElementsByTagNameNS(NS_DS, 'Signature'));
  if (signatures.length === 0) return 'El comprobante no está firmado (falta ds:Signature)';
  if (signatures.length > 1) return 'El comprobante tiene más de una firma';
  const signature = signatures[0];
  if (lastElementChild(root) !== signature) return 'La firma (ds:Signature) debe ser el último elemento del comprobante';

  const signedInfo = dsChild(signature, 'SignedInfo');
  if (!ALGORITHMS.c14n.includes(attr(dsChild(signedInfo, 'CanonicalizationMethod'), 'Algorithm'))) return 'La canonicalización debe ser C14N 1.0 inclusiva';
  if (attr(dsChild(signedInfo, 'SignatureMethod'), 'Algorithm') !== ALGORITHMS.rsaSha1) return 'El algoritmo de firma debe ser RSA-SHA1';
  const references = signedInfo ? kids(signedInfo, 'Reference') : [];
  if (references.length !== 3) return `La firma debe tener tres referencias (SignedProperties, KeyInfo, comprobante); tiene ${references.length}`;
  if (references.some((r) => attr(dsChild(r, 'DigestMethod'), 'Algorithm') !== ALGORITHMS.sha1)) return 'Los resúmenes (DigestMethod) deben ser SHA1';

  // Each reference must name exactly one element, and the three must be the comprobante, the
  // KeyInfo and the SignedProperties (a signature over something else, or a wrapped copy, fails).
  const ids = elementsById(root);
  const targets = references.map((r) => {
    const uri = attr(r, 'URI');
    const found = uri.startsWith('#') ? (ids.get(uri.slice(1)) ?? []) : [];
    return found.length === 1 ? found[0] : undefined;
  });
  const keyInfo = dsChild(signature, 'KeyInfo');
  const refTo = (el: Element | undefined) => (el ? references[targets.indexOf(el)] : undefined);
  const comprobanteRef = refTo(root);
  if (!comprobanteRef || attr(root, 'id') !== 'comprobante') return 'La firma no cubre el comprobante (referencia #comprobante al elemento raíz)';
  const transforms = dsChild(comprobanteRef, 'Transforms');
  if (!transforms || !kids(transforms, 'Transform').some((t) => attr(t, 'Algorithm') === ALGORITHMS.enveloped)) return 'La referencia al comprobante debe usar la transformación enveloped-signature';
  if (!refTo(keyInfo)) return 'La firma no cubre el certificado (referencia a ds:KeyInfo)';
  const signedProperties = targets.find((t) => t?.localName === 'SignedProperties' && t.namespaceURI === NS_ETSI);
  if (!signedProperties || attr(refTo(signedProperties), 'Type') !== ALGORITHMS.signedPropertiesType) return 'La firma no cubre las propiedades XAdES (etsi:SignedProperties)';

  const certBase64 = (keyInfo && Array.from(keyInfo.getElementsByTagNameNS(NS_DS, 'X509Certificate'))[0]?.textContent?.replace(/\s+/g, '')) || '';
  if (!certBase64) return 'La firma no incluye el certificado (ds:X509Certificate)';
  const cert = certificateOf(certBase64);
  if (!cert) return 'El certificado de la firma no es legible';
  // RSAKeyValue is deliberately not compared with the certificate: the reference signer
  // (ec-sri-invoice-signer, whose output SRI.md gives as the accepted form) writes the modulus and
  // exponent as decimal digits read as hex, and verifiers such as xmlsec1 use X509Data instead.
  const certDigestEl: Element | undefined = Array.from(signedProperties.getElementsByTagNameNS(NS_ETSI, 'CertDigest'))[0];
  const certDigest = certDigestEl && dsChild(certDigestEl, 'DigestValue')?.textContent?.trim();
  if (certDigest !== createHash('sha1').update(cert.raw).digest('base64')) return 'SigningCertificate (CertDigest) no corresponde al certificado de KeyInfo';

  // Every reference's digest, over its transformed target (enveloped-signature for the comprobante).
  for (const [i, ref] of references.entries()) {
    const target = targets[i];
    if (!target) return `La referencia ${attr(ref, 'URI')} no corresponde a un único elemento`;
    const enveloped = !!dsChild(ref, 'Transforms') && kids(dsChild(ref, 'Transforms')!, 'Transform').some((t) => attr(t, 'Algorithm') === ALGORITHMS.enveloped);
    const c14nAlg = kids(dsChild(ref, 'Transforms') ?? ref, 'Transform').map((t) => attr(t, 'Algorithm')).find((a) => ALGORITHMS.c14n.includes(a)) ?? ALGORITHMS.c14n[0];
    const digest = dsChild(ref, 'DigestValue')?.textContent?.trim() ?? '';
    // enveloped-signature removes the signature only from a target that contains it (XML-DSig
    // §6.6.4); on KeyInfo or SignedProperties, which sit inside the signature, it does nothing.
    if (sha1Base64(canonical(target, c14nAlg, enveloped && signature.parentNode === target ? signature : undefined)) !== digest) {
      return `El resumen de la referencia ${attr(ref, 'URI')} no coincide: el contenido cambió después de firmar`;
    }
  }
  const signatureValue = Buffer.from((dsChild(signature, 'SignatureValue')?.textContent ?? '').replace(/\s+/g, ''), 'base64');
  const signedInfoC14n = canonical(signedInfo!, attr(dsChild(signedInfo, 'CanonicalizationMethod'), 'Algorithm'));
  try {
    return rsaVerify('RSA-SHA1', Buffer.from(signedInfoC14n, 'utf8'), cert.publicKey, signatureValue) ? null : BAD_SIGNATURE_VALUE;
  } catch (err) {
    return `Firma inválida: ${(err as Error).message}`;
  }
}
