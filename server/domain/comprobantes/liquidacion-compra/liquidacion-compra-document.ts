/**
 * LiquidacionCompraDocument: everything needed to write one SRI liquidación de compra de bienes y
 * prestación de servicios (codDoc 03) XML and its RIDE. Pure data; field names are the XML's
 * (LiquidacionCompra_V1.1.0.xsd; shared/sri/SRI.md "Other comprobantes", "Liquidación de compra").
 *
 * Money fields are decimal strings with exactly 2 places (USD, "27.00"); `cantidad` and
 * `precioUnitario` carry up to 6 places (1.1.0); `tarifa` is a percentage string ("15.00"); dates
 * are `dd/mm/aaaa`. Only IVA (impuesto codigo 2) exists in a liquidación; reembolsos,
 * tipoNegociable and maquinaFiscal are not emitted.
 */
import type { DetalleXml, InfoTributaria } from '../xml/xml-writer.ts';

/**
 * SRI tabla 6 codes a liquidación's proveedor may carry: 04 RUC, 05 cédula, 06 pasaporte, 08
 * identificación del exterior. The XSD pattern `0[4-8]` also lets 07 through, but a liquidación is
 * never issued to a consumidor final (the proveedor must be identified).
 */
export const TIPOS_IDENTIFICACION_PROVEEDOR = ['04', '05', '06', '08'] as const;
export type TipoIdentificacionProveedor = (typeof TIPOS_IDENTIFICACION_PROVEEDOR)[number];

export interface LiquidacionCompraDocument {
  version: '1.1.0';
  infoTributaria: InfoTributaria & { codDoc: '03' };
  infoLiquidacionCompra: {
    fechaEmision: string;
    dirEstablecimiento?: string;
    contribuyenteEspecial?: string;
    obligadoContabilidad?: 'SI' | 'NO';
    tipoIdentificacionProveedor: string;
    razonSocialProveedor: string;
    /** At most 20 characters (XSD identificacionProveedor). */
    identificacionProveedor: string;
    direccionProveedor?: string;
    totalSinImpuestos: string;
    totalDescuento: string;
    /** One entry per IVA rate used: codigo '2' always (XSD `codigo` pattern `[2]`). */
    totalConImpuestos: Array<{ codigo: '2'; codigoPorcentaje: string; descuentoAdicional?: string; baseImponible: string; tarifa?: string; valor: string }>;
    importeTotal: string;
    moneda?: 'DOLAR';
    pagos: Array<{ formaPago: string; total: string; plazo?: string; unidadTiempo?: string }>;
  };
  /** Lines as the factura's (codigoPrincipal/codigoAuxiliar); descuento always written. */
  detalles: DetalleXml[];
  /** At most 15 entries (XSD); nombre is the attribute, valor the text. */
  infoAdicional?: Array<{ nombre: string; valor: string }>;
}
