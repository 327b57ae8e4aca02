/**
 * FacturaDocument: everything needed to write one SRI factura (XML) and its RIDE (PDF), already
 * computed and formatted. Pure data; no I/O. Field names are the SRI XML's own
 * (SRI ficha técnica offline v2.3x, factura 1.1.0 XSD).
 *
 * Money fields are decimal strings with exactly 2 places ("27.00"); `cantidad` and
 * `precioUnitario` carry up to 6 places ("1.500000" allowed, written as given); `tarifa` is a
 * percentage string like "15.00" or "15"; dates are `dd/mm/aaaa` as the XML requires.
 */
import type { DetalleXml, InfoTributaria } from '../xml/xml-writer.ts';

export interface FacturaDocument {
  /** XML version attribute: '1.0.0' | '1.1.0' (default) | '2.0.0' | '2.1.0'. */
  version: '1.0.0' | '1.1.0' | '2.0.0' | '2.1.0';
  infoTributaria: InfoTributaria & { codDoc: '01' };
  infoFactura: {
    fechaEmision: string; // dd/mm/aaaa
    dirEstablecimiento?: string;
    contribuyenteEspecial?: string;
    obligadoContabilidad?: 'SI' | 'NO';
    tipoIdentificacionComprador: '04' | '05' | '06' | '07' | '08';
    guiaRemision?: string;
    razonSocialComprador: string;
    identificacionComprador: string;
    direccionComprador?: string;
    totalSinImpuestos: string;
    totalDescuento: string;
    totalConImpuestos: Array<{
      codigo: string; // impuesto: '2' IVA, '3' ICE, '5' IRBPNR
      codigoPorcentaje: string; // SRI tabla 17 for IVA
      descuentoAdicional?: string;
      baseImponible: string;
      tarifa?: string;
      valor: string;
    }>;
    propina: string;
    importeTotal: string;
    moneda: 'DOLAR';
    pagos: Array<{ formaPago: string; total: string; plazo?: string; unidadTiempo?: string }>;
  };
  detalles: DetalleXml[];
  /** At most 15 entries (XSD); nombre is the attribute, valor the text. */
  infoAdicional?: Array<{ nombre: string; valor: string }>;
}
