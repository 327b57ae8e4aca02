/**
 * FacturaDocument (read back from the signed XML) -> the RIDE's words (ride/ride-document.ts): the
 * buyer band, the detail table and the totals of a factura (SRI ficha técnica offline, Anexo 2).
 */
import type { RideColumn, RideDocument, RideSection } from '../ride/ride-document.ts';
import { rideTotals } from '../ride/ride-totals.ts';
import { nameAndIdRow } from '../ride/ride-bands.ts';
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

/** The detail table of the RIDEs with priced lines (factura, liquidación de compra, nota de crédito). */
export const linesTable = (detalles: ReadonlyArray<Parameters<typeof lineCells>[0]>): RideSection => ({ kind: 'table', columns: LINE_COLUMNS, rows: detalles.map(lineCells) });

/** @example renderRide({ doc: facturaRide(parseFacturaXml(row.signedXml)), … }) */
export function facturaRide(doc: FacturaDocument): RideDocument {
  const f = doc.infoFactura;
  return {
    title: 'FACTURA',
    infoTributaria: doc.infoTributaria,
    issuer: f,
    counterpart: [
      nameAndIdRow({ razonSocial: f.razonSocialComprador, identificacion: f.identificacionComprador }),
      { left: ['Fecha de Emisión:', f.fechaEmision], right: ['Guía de Remisión:', f.guiaRemision ?? ''] },
      { left: ['Dirección:', f.direccionComprador ?? ''] },
    ],
    sections: [linesTable(doc.detalles)],
    infoAdicional: doc.infoAdicional,
    pagos: f.pagos,
    totals: rideTotals(f),
  };
}
