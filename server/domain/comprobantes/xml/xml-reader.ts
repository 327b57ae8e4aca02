/**
 * Reading SRI comprobante XML back (signed or not) for every type's parser: the signed XML is the
 * legal document, so the RIDE and the API read it instead of rows that may have changed since.
 * Text as written (trimmed), decimals as written, dates as dd/mm/aaaa.
 */
import type { Element } from '@xmldom/xmldom';
import { AppError } from '../../../errors.ts';
import { kids, parseXml, textOf } from '../../../sri/xml-dom.ts';
import type { InfoTributaria } from './xml-writer.ts';

export type { Element };

/** The error of an unreadable stored comprobante: `label` names the type ("de la nota de crédito"). */
export const unreadable = (label: string, why: string) => new AppError('UNPROCESSABLE', `El XML ${label} no se puede leer: ${why}`);

/** A reader bound to one document's label, so its messages say which comprobante failed. */
export function xmlReader(label: string) {
  const broken = (why: string) => unreadable(label, why);
  const child = (el: Element, name: string): Element => {
    const found = kids(el, name)[0];
    if (!found) throw broken(`falta <${name}> en <${el.localName}>`);
    return found;
  };
  const req = (el: Element, name: string): string => {
    const value = textOf(el, name);
    if (value === undefined) throw broken(`falta <${name}> en <${el.localName}>`);
    return value;
  };
  /** Optional fields as the builders omit them: absent (not an empty string) when the element is. */
  const optional = <T extends string>(el: Element, names: T[]): Partial<Record<T, string>> => {
    const out: Partial<Record<T, string>> = {};
    for (const name of names) {
      const value = textOf(el, name);
      if (value !== undefined) out[name] = value;
    }
    return out;
  };
  const list = (el: Element | undefined, name: string): Element[] => (el ? kids(el, name) : []);
  /**
   * The root element, checked to be `rootElement`.
   * @throws AppError UNPROCESSABLE when the text is not XML or the root is another element.
   */
  const root = (xml: string, rootElement: string): Element => {
    let el: Element;
    try {
      el = parseXml(xml);
    } catch (err) {
      throw broken((err as Error).message);
    }
    if (el.localName !== rootElement) throw broken(`la raíz es <${el.localName}> y no <${rootElement}>`);
    return el;
  };
  const infoTributaria = (rootEl: Element): InfoTributaria => {
    const t = child(rootEl, 'infoTributaria');
    return {
      ambiente: req(t, 'ambiente') as '1' | '2',
      tipoEmision: req(t, 'tipoEmision') as '1',
      razonSocial: req(t, 'razonSocial'),
      ...optional(t, ['nombreComercial']),
      ruc: req(t, 'ruc'),
      claveAcceso: req(t, 'claveAcceso'),
      codDoc: req(t, 'codDoc'),
      estab: req(t, 'estab'),
      ptoEmi: req(t, 'ptoEmi'),
      secuencial: req(t, 'secuencial'),
      dirMatriz: req(t, 'dirMatriz'),
      ...optional(t, ['agenteRetencion', 'contribuyenteRimpe']),
    };
  };
  const infoAdicional = (rootEl: Element): { infoAdicional?: Array<{ nombre: string; valor: string }> } => {
    const el = kids(rootEl, 'infoAdicional')[0];
    return el ? { infoAdicional: list(el, 'campoAdicional').map((c) => ({ nombre: c.getAttribute('nombre') ?? '', valor: (c.textContent ?? '').trim() })) } : {};
  };
  const pagos = (el: Element) => list(kids(el, 'pagos')[0], 'pago').map((p) => ({ formaPago: req(p, 'formaPago'), total: req(p, 'total'), ...optional(p, ['plazo', 'unidadTiempo']) }));
  /** `<impuestos>` of a detalle or a nota de débito: codigo, codigoPorcentaje, tarifa, baseImponible, valor. */
  const impuestos = (el: Element) =>
    list(kids(el, 'impuestos')[0], 'impuesto').map((i) => ({
      codigo: req(i, 'codigo'),
      codigoPorcentaje: req(i, 'codigoPorcentaje'),
      tarifa: req(i, 'tarifa'),
      baseImponible: req(i, 'baseImponible'),
      valor: req(i, 'valor'),
    }));
  /** `<totalConImpuestos>` of a factura or a liquidación: codigo, codigoPorcentaje, descuentoAdicional?, baseImponible, tarifa?, valor. */
  const totalConImpuestos = (info: Element) =>
    list(kids(info, 'totalConImpuestos')[0], 'totalImpuesto').map((i) => ({
      codigo: req(i, 'codigo'),
      codigoPorcentaje: req(i, 'codigoPorcentaje'),
      ...optional(i, ['descuentoAdicional']),
      baseImponible: req(i, 'baseImponible'),
      ...optional(i, ['tarifa']),
      valor: req(i, 'valor'),
    }));
  /** `<detalles>` of a factura or a liquidación (codigoPrincipal/codigoAuxiliar), decimals as written. */
  const detalles = (rootEl: Element) =>
    list(kids(rootEl, 'detalles')[0], 'detalle').map((d) => ({
      codigoPrincipal: textOf(d, 'codigoPrincipal') ?? '',
      ...optional(d, ['codigoAuxiliar']),
      descripcion: req(d, 'descripcion'),
      cantidad: req(d, 'cantidad'),
      precioUnitario: req(d, 'precioUnitario'),
      descuento: req(d, 'descuento'),
      precioTotalSinImpuesto: req(d, 'precioTotalSinImpuesto'),
      impuestos: impuestos(d),
    }));
  return { child, req, optional, list, root, infoTributaria, infoAdicional, pagos, impuestos, totalConImpuestos, detalles, text: textOf, kids };
}
