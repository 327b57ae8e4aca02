/**
 * The factura XML (signed or not) -> FacturaDocument: the inverse of build-factura-xml.ts. The
 * signed XML is the legal document, so the RIDE of an issued invoice is printed from it and not
 * rebuilt from today's company, establishment and customer rows, which may have changed since.
 */
import type { Element } from '@xmldom/xmldom';
import { AppError } from '../../../errors.ts';
import { kids, parseXml, textOf } from '../../../sri/xml-dom.ts';
import type { FacturaDocument } from './factura-document.ts';

const broken = (why: string) => new AppError('UNPROCESSABLE', `El XML de la factura no se puede leer: ${why}`);

function child(el: Element, name: string): Element {
  const found = kids(el, name)[0];
  if (!found) throw broken(`falta <${name}> en <${el.localName}>`);
  return found;
}

function req(el: Element, name: string): string {
  const value = textOf(el, name);
  if (value === undefined) throw broken(`falta <${name}> en <${el.localName}>`);
  return value;
}

/** Optional fields as the builder omits them: absent (not an empty string) when the element is. */
function optional<T extends string>(el: Element, names: T[]): Partial<Record<T, string>> {
  const out: Partial<Record<T, string>> = {};
  for (const name of names) {
    const value = textOf(el, name);
    if (value !== undefined) out[name] = value;
  }
  return out;
}

const list = (el: Element | undefined, name: string): Element[] => (el ? kids(el, name) : []);

/**
 * Reads a factura (any of the versions build-factura-xml writes) into the FacturaDocument it was
 * built from: text as written in the XML (trimmed), decimals as written ("945.00", "1.000000"),
 * fechaEmision as dd/mm/aaaa. The ds:Signature and elements the document type does not model are
 * ignored. A missing codigoPrincipal (optional in the XSD) reads as ''.
 * @throws AppError UNPROCESSABLE when the text is not XML, the root is not `factura`, or a required
 *   element is missing.
 * @example parseFacturaXml(invoice.signedXml).infoFactura.razonSocialComprador // 'María Fernanda Lozada'
 */
export function parseFacturaXml(xml: string): FacturaDocument {
  let root: Element;
  try {
    root = parseXml(xml);
  } catch (err) {
    throw broken((err as Error).message);
  }
  if (root.localName !== 'factura') throw broken(`la raíz es <${root.localName}> y no <factura>`);
  const t = child(root, 'infoTributaria');
  const f = child(root, 'infoFactura');
  return {
    version: (root.getAttribute('version') ?? '') as FacturaDocument['version'],
    infoTributaria: {
      ambiente: req(t, 'ambiente') as '1' | '2',
      tipoEmision: req(t, 'tipoEmision') as '1',
      razonSocial: req(t, 'razonSocial'),
      ...optional(t, ['nombreComercial']),
      ruc: req(t, 'ruc'),
      claveAcceso: req(t, 'claveAcceso'),
      codDoc: req(t, 'codDoc') as '01',
      estab: req(t, 'estab'),
      ptoEmi: req(t, 'ptoEmi'),
      secuencial: req(t, 'secuencial'),
      dirMatriz: req(t, 'dirMatriz'),
      ...optional(t, ['agenteRetencion', 'contribuyenteRimpe']),
    },
    infoFactura: {
      fechaEmision: req(f, 'fechaEmision'),
      ...optional(f, ['dirEstablecimiento', 'contribuyenteEspecial']),
      ...(optional(f, ['obligadoContabilidad']) as { obligadoContabilidad?: 'SI' | 'NO' }),
      tipoIdentificacionComprador: req(f, 'tipoIdentificacionComprador') as FacturaDocument['infoFactura']['tipoIdentificacionComprador'],
      ...optional(f, ['guiaRemision']),
      razonSocialComprador: req(f, 'razonSocialComprador'),
      identificacionComprador: req(f, 'identificacionComprador'),
      ...optional(f, ['direccionComprador']),
      totalSinImpuestos: req(f, 'totalSinImpuestos'),
      totalDescuento: req(f, 'totalDescuento'),
      totalConImpuestos: list(kids(f, 'totalConImpuestos')[0], 'totalImpuesto').map((i) => ({
        codigo: req(i, 'codigo'),
        codigoPorcentaje: req(i, 'codigoPorcentaje'),
        ...optional(i, ['descuentoAdicional']),
        baseImponible: req(i, 'baseImponible'),
        ...optional(i, ['tarifa']),
        valor: req(i, 'valor'),
      })),
      propina: req(f, 'propina'),
      importeTotal: req(f, 'importeTotal'),
      moneda: req(f, 'moneda') as 'DOLAR',
      pagos: list(kids(f, 'pagos')[0], 'pago').map((p) => ({ formaPago: req(p, 'formaPago'), total: req(p, 'total'), ...optional(p, ['plazo', 'unidadTiempo']) })),
    },
    detalles: list(kids(root, 'detalles')[0], 'detalle').map((d) => ({
      codigoPrincipal: textOf(d, 'codigoPrincipal') ?? '',
      ...optional(d, ['codigoAuxiliar']),
      descripcion: req(d, 'descripcion'),
      cantidad: req(d, 'cantidad'),
      precioUnitario: req(d, 'precioUnitario'),
      descuento: req(d, 'descuento'),
      precioTotalSinImpuesto: req(d, 'precioTotalSinImpuesto'),
      impuestos: list(kids(d, 'impuestos')[0], 'impuesto').map((i) => ({
        codigo: req(i, 'codigo'),
        codigoPorcentaje: req(i, 'codigoPorcentaje'),
        tarifa: req(i, 'tarifa'),
        baseImponible: req(i, 'baseImponible'),
        valor: req(i, 'valor'),
      })),
    })),
    ...(kids(root, 'infoAdicional')[0] ? { infoAdicional: list(kids(root, 'infoAdicional')[0], 'campoAdicional').map((c) => ({ nombre: c.getAttribute('nombre') ?? '', valor: (c.textContent ?? '').trim() })) } : {}),
  };
}
