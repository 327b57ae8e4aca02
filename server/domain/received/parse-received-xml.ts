/**
 * A received comprobante's XML -> {@link ParsedReceivedDocument}: factura 01 (1.0.0–2.1.0),
 * liquidación de compra 03, nota de crédito 04, nota de débito 05 and comprobante de retención 07
 * (1.0.0 and 2.0.0), element names from the SRI XSDs (shared/sri/xsd). Only what Emite shows or
 * relies on is required; elements a version adds (factura 2.x's compensaciones, detallesAdicionales,
 * reembolsos…) are ignored. Values are read as written (decimal text), then totals normalised to 2
 * decimals. The ds:Signature is not checked here (check-received-document.ts does).
 */
import Decimal from 'decimal.js';
import { AppError } from '../../errors.ts';
import { parseXml } from '../../sri/xml-dom.ts';
import { xmlReader, type Element } from '../comprobantes/xml/xml-reader.ts';
import { metaByRoot } from '../../../core/comprobante-types.ts';
import type { ParsedReceivedDocument } from './received-document.ts';
import type { ReceivedDetalle, ReceivedDetail, ReceivedTaxTotal } from '../../../core/received-view.ts';
import { readRetencion } from './read-retencion.ts';

const reader = xmlReader('del comprobante recibido');
const { child, req, optional, list, infoTributaria, infoAdicional, pagos, kids, text } = reader;

/** IVA rates by SRI tabla 17 codigoPorcentaje, for totals that omit `tarifa` (factura 1.0.0, notas). */
const IVA_TARIFA: Record<string, string> = { '0': '0', '2': '12', '3': '14', '4': '15', '5': '5', '6': '0', '7': '0', '8': '8', '10': '13' };

export const money = (v: string | number | Decimal) => new Decimal(v).toFixed(2);

/** `tarifa` as written, else the IVA rate of its code, else valor / base (ICE, IRBPNR), in percent. */
function tarifaOf(codigo: string, codigoPorcentaje: string, written: string | undefined, base: string, valor: string): string {
  if (written !== undefined) return written;
  if (codigo === '2' && IVA_TARIFA[codigoPorcentaje] !== undefined) return IVA_TARIFA[codigoPorcentaje];
  const b = new Decimal(base || 0);
  return b.isZero() ? '0' : new Decimal(valor || 0).div(b).times(100).toDecimalPlaces(2).toString();
}

/** `<totalConImpuestos><totalImpuesto>` (factura, liquidación, nota de crédito) or `<impuestos><impuesto>` (nota de débito). */
function taxTotals(el: Element | undefined, item: string): ReceivedTaxTotal[] {
  return list(el, item).map((t) => {
    const codigo = req(t, 'codigo');
    const codigoPorcentaje = req(t, 'codigoPorcentaje');
    const baseImponible = req(t, 'baseImponible');
    const valor = req(t, 'valor');
    return { codigo, codigoPorcentaje, tarifa: tarifaOf(codigo, codigoPorcentaje, text(t, 'tarifa'), baseImponible, valor), baseImponible: money(baseImponible), valor: money(valor) };
  });
}

const ivaOf = (impuestos: ReceivedTaxTotal[]) => money(impuestos.filter((i) => i.codigo === '2').reduce((s, i) => s.plus(i.valor), new Decimal(0)));

/** Detalles of a factura / liquidación (codigoPrincipal) or nota de crédito (codigoInterno). */
function detalles(root: Element): ReceivedDetalle[] {
  return list(kids(root, 'detalles')[0], 'detalle').map((d) => {
    const codigoPrincipal = text(d, 'codigoPrincipal') ?? text(d, 'codigoInterno');
    const codigoAuxiliar = text(d, 'codigoAuxiliar') ?? text(d, 'codigoAdicional');
    return {
      ...(codigoPrincipal !== undefined ? { codigoPrincipal } : {}),
      ...(codigoAuxiliar !== undefined ? { codigoAuxiliar } : {}),
      descripcion: req(d, 'descripcion'),
      cantidad: req(d, 'cantidad'),
      precioUnitario: req(d, 'precioUnitario'),
      descuento: text(d, 'descuento') ?? '0.00',
      precioTotalSinImpuesto: req(d, 'precioTotalSinImpuesto'),
      impuestos: taxTotals(kids(d, 'impuestos')[0], 'impuesto'),
    };
  });
}

/** 'dd/mm/aaaa' -> 'YYYY-MM-DD'. @throws AppError UNPROCESSABLE for another form. */
export function isoFromSriDate(value: string, field: string): string {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  if (!m) throw new AppError('UNPROCESSABLE', `El XML del comprobante recibido no se puede leer: ${field} "${value}" no tiene el formato dd/mm/aaaa`, { details: [{ path: field, message: 'formato dd/mm/aaaa' }] });
  return `${m[3]}-${m[2]}-${m[1]}`;
}

const sumDescuentos = (ds: ReceivedDetalle[]) => money(ds.reduce((s, d) => s.plus(d.descuento || 0), new Decimal(0)));

/**
 * Reads one authorised comprobante (the bare document, signed; see read-authorization.ts for the
 * envelope).
 * @throws AppError UNPROCESSABLE (Spanish, path `xml`) when the text is not XML, the root is not a
 *   comprobante a buyer receives (a guía de remisión is refused), or a required element is missing.
 * @example parseReceivedXml(signedFactura).importeTotal // '28.75'
 */
export function parseReceivedXml(xml: string): ParsedReceivedDocument {
  let root: Element;
  try {
    root = parseXml(xml);
  } catch (err) {
    throw new AppError('UNPROCESSABLE', `El XML no se puede leer: ${(err as Error).message}`, { details: [{ path: 'xml', message: 'XML mal formado' }] });
  }
  const meta = metaByRoot(root.localName ?? '');
  if (!meta) throw new AppError('UNPROCESSABLE', 'El XML no es un comprobante electrónico del SRI (factura, liquidación de compra, nota de crédito, nota de débito o comprobante de retención)', { details: [{ path: 'xml', message: 'raíz desconocida' }] });
  if (meta.codDoc === '06') throw new AppError('UNPROCESSABLE', 'Una guía de remisión no se registra como comprobante recibido: no tiene comprador ni valores', { details: [{ path: 'xml', message: 'guía de remisión' }] });
  const t = infoTributaria(root);
  const info = child(root, meta.infoElement);
  const head = {
    claveAcceso: t.claveAcceso,
    codDoc: t.codDoc,
    version: root.getAttribute('version') ?? '',
    ambiente: t.ambiente,
    estab: t.estab,
    ptoEmi: t.ptoEmi,
    secuencial: t.secuencial,
    fechaEmision: isoFromSriDate(req(info, 'fechaEmision'), 'fechaEmision'),
    rucEmisor: t.ruc,
    razonSocialEmisor: t.razonSocial,
  };
  if (t.codDoc !== meta.codDoc) throw new AppError('UNPROCESSABLE', `El codDoc ${t.codDoc} no corresponde a <${meta.rootElement}> (${meta.codDoc})`, { details: [{ path: 'codDoc', message: 'no corresponde a la raíz' }] });
  const common: ReceivedDetail = {
    ...(t.nombreComercial ? { nombreComercial: t.nombreComercial } : {}),
    dirMatriz: t.dirMatriz,
    ambiente: t.ambiente,
    ...optional(info, ['dirEstablecimiento']),
    ...infoAdicional(root),
  };

  if (meta.codDoc === '07') {
    const retencion = readRetencion(reader, root, info);
    return { ...head, ...retencion, detail: { ...common, ...retencion.detail } };
  }

  if (meta.codDoc === '05') {
    const impuestos = taxTotals(kids(info, 'impuestos')[0], 'impuesto');
    return {
      ...head,
      identificacionComprador: req(info, 'identificacionComprador'),
      razonSocialComprador: req(info, 'razonSocialComprador'),
      totalSinImpuestos: money(req(info, 'totalSinImpuestos')),
      totalDescuento: '0.00',
      totalIva: ivaOf(impuestos),
      importeTotal: money(req(info, 'valorTotal')),
      impuestos,
      detail: {
        ...common,
        tipoIdentificacionComprador: req(info, 'tipoIdentificacionComprador'),
        codDocModificado: req(info, 'codDocModificado'),
        numDocModificado: req(info, 'numDocModificado'),
        fechaEmisionDocSustento: req(info, 'fechaEmisionDocSustento'),
        pagos: pagos(info),
        motivos: list(kids(root, 'motivos')[0], 'motivo').map((m) => ({ razon: req(m, 'razon'), valor: req(m, 'valor') })),
      },
    };
  }

  const impuestos = taxTotals(kids(info, 'totalConImpuestos')[0], 'totalImpuesto');
  const lines = detalles(root);
  if (meta.codDoc === '04') {
    return {
      ...head,
      identificacionComprador: req(info, 'identificacionComprador'),
      razonSocialComprador: req(info, 'razonSocialComprador'),
      totalSinImpuestos: money(req(info, 'totalSinImpuestos')),
      totalDescuento: sumDescuentos(lines),
      totalIva: ivaOf(impuestos),
      importeTotal: money(req(info, 'valorModificacion')),
      impuestos,
      detail: {
        ...common,
        tipoIdentificacionComprador: req(info, 'tipoIdentificacionComprador'),
        codDocModificado: req(info, 'codDocModificado'),
        numDocModificado: req(info, 'numDocModificado'),
        fechaEmisionDocSustento: req(info, 'fechaEmisionDocSustento'),
        motivo: req(info, 'motivo'),
        detalles: lines,
      },
    };
  }

  // 01 factura and 03 liquidación (the proveedor is who receives a liquidación).
  const buyer = meta.codDoc === '03' ? { id: 'identificacionProveedor', name: 'razonSocialProveedor', tipo: 'tipoIdentificacionProveedor' } : { id: 'identificacionComprador', name: 'razonSocialComprador', tipo: 'tipoIdentificacionComprador' };
  const propina = text(info, 'propina');
  return {
    ...head,
    identificacionComprador: req(info, buyer.id),
    razonSocialComprador: req(info, buyer.name),
    totalSinImpuestos: money(req(info, 'totalSinImpuestos')),
    totalDescuento: money(req(info, 'totalDescuento')),
    totalIva: ivaOf(impuestos),
    importeTotal: money(req(info, 'importeTotal')),
    impuestos,
    detail: {
      ...common,
      tipoIdentificacionComprador: req(info, buyer.tipo),
      pagos: pagos(info),
      detalles: lines,
      ...(propina !== undefined ? { propina } : {}),
    },
  };
}

/**
 * The figures a received document's row keeps from its parsed XML (USD as 2-decimal strings,
 * impuestos and detail as parsed): what an import stores and what a confirmation replaces with the
 * SRI's copy.
 */
export function receivedFigures(doc: ParsedReceivedDocument) {
  return {
    totalSinImpuestos: doc.totalSinImpuestos,
    totalDescuento: doc.totalDescuento,
    totalIva: doc.totalIva,
    importeTotal: doc.importeTotal,
    impuestos: doc.impuestos,
    detail: doc.detail,
  };
}
