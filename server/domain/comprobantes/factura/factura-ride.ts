/**
 * FacturaDocument (read back from the signed XML) -> the RIDE's words (ride/ride-document.ts): the
 * buyer band, the detail table and the totals of a factura (SRI ficha técnica offline, Anexo 2).
 */
import type { RideColumn, RideDocument } from '../ride/ride-document.ts';
import { rideTotals } from '../ride/ride-totals.ts';
import { formatMoney, formatQuantity, pdfText } from '../ride/ride-text.ts';
import type { FacturaDocument } from './factura-document.ts';

/** Cod. Principal | Cod. Auxiliar | Cantidad | Descripción | Precio Unitario | Descuento | Precio Total (pt). */
export const LINE_COLUMNS: RideColumn[] = [
  { title: 'Cod. Principal', width: 62 },
  { title: 'Cod. Auxiliar', width: 56 },
  { title: 'Cantidad', width: 50, align: 'right', numeric: true },
  { title: 'Descripción', width: 0 },
  { title: 'Precio Unitario', width: 60, align: 'right', numeric: true },
  { title: 'Descuento', width: 52, align: 'right', numeric: true },
  { title: 'Precio Total', width: 64, align: 'right', numeric: true },
];

/** A detail line as the RIDE prints it, in {@link LINE_COLUMNS} order. */
export const lineCells = (d: { codigoPrincipal?: string; codigoAuxiliar?: string; cantidad: string; descripcion: string; precioUnitario: string; descuento?: string; precioTotalSinImpuesto: string }) => [
  pdfText(d.codigoPrincipal),
  pdfText(d.codigoAuxiliar),
  formatQuantity(d.cantidad),
  pdfText(d.descripcion),
  formatQuantity(d.precioUnitario),
  formatMoney(d.descuento ?? '0'),
  formatMoney(d.precioTotalSinImpuesto),
];

/** @example renderRide({ doc: facturaRide(parseFacturaXml(row.signedXml)), … }) */
export function facturaRide(doc: FacturaDocument): RideDocument {
  const f = doc.infoFactura;
  return {
    title: 'FACTURA',
    infoTributaria: doc.infoTributaria,
    issuer: f,
    counterpart: [
      { left: ['Razón Social / Nombres y Apellidos:', f.razonSocialComprador], right: ['Identificación:', f.identificacionComprador] },
      { left: ['Fecha de Emisión:', f.fechaEmision], right: ['Guía de Remisión:', f.guiaRemision ?? ''] },
      { left: ['Dirección:', f.direccionComprador ?? ''] },
    ],
    sections: [{ kind: 'table', columns: LINE_COLUMNS, rows: doc.detalles.map(lineCells) }],
    infoAdicional: doc.infoAdicional,
    pagos: f.pagos,
    totals: rideTotals(f),
  };
}
