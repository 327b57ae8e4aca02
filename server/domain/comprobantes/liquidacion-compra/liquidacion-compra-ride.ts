/**
 * LiquidacionCompraDocument (read back from the signed XML) -> the RIDE's words (SRI ficha técnica
 * offline, Anexo 2; shared/sri/SRI.md "RIDE", "Liquidación de compra"): the proveedor band (Razón
 * social / Nombres y apellidos del proveedor, identificación, fecha, dirección), the factura's
 * detail table (factura/factura-ride.ts), formas de pago and the totals column with TOTAL
 * DESCUENTO and without PROPINA (a liquidación has none).
 */
import type { RideDocument } from '../ride/ride-document.ts';
import { rideTotals } from '../ride/ride-totals.ts';
import { linesTable } from '../factura/factura-ride.ts';
import { nameAndIdRow } from '../ride/ride-bands.ts';
import type { LiquidacionCompraDocument } from './liquidacion-compra-document.ts';

/** @example renderRide({ doc: liquidacionCompraRide(parseLiquidacionCompraXml(row.signedXml)), … }) */
export function liquidacionCompraRide(doc: LiquidacionCompraDocument): RideDocument {
  const l = doc.infoLiquidacionCompra;
  return {
    title: 'LIQUIDACIÓN DE COMPRA DE BIENES Y PRESTACIÓN DE SERVICIOS',
    infoTributaria: doc.infoTributaria,
    issuer: l,
    counterpart: [
      nameAndIdRow({ whom: 'del Proveedor', razonSocial: l.razonSocialProveedor, identificacion: l.identificacionProveedor }),
      { left: ['Fecha de Emisión:', l.fechaEmision] },
      { left: ['Dirección:', l.direccionProveedor ?? ''] },
    ],
    sections: [linesTable(doc.detalles)],
    infoAdicional: doc.infoAdicional,
    pagos: l.pagos,
    totals: rideTotals({ fechaEmision: l.fechaEmision, totalConImpuestos: l.totalConImpuestos, totalSinImpuestos: l.totalSinImpuestos, totalDescuento: l.totalDescuento, importeTotal: l.importeTotal }),
  };
}
