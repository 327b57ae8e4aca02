/**
 * What the RIDE frame prints (render-ride.ts), already in words: every comprobante type maps its
 * parsed XML to this (the factura in factura/factura-ride.ts, the notas in their folders). The frame
 * draws the header (issuer box, document box with the access-key barcode), the counterpart band,
 * the type's sections in order, then información adicional, formas de pago and the totals column
 * (SRI ficha técnica offline, Anexo 2; shared/sri/SRI.md "RIDE").
 */
import type { InfoTributaria } from '../xml/xml-writer.ts';
import type { RideTotalRow } from './ride-totals.ts';

/** A label and its value, printed "Label: value". */
export type RidePair = [label: string, value: string];

export interface RideColumn {
  title: string;
  /** Width in pt; 0 for the one column that takes the rest of the page width. */
  width: number;
  align?: 'left' | 'right';
  /** One line, shrunk to fit rather than wrapped (amounts, quantities). */
  numeric?: boolean;
}

export type RideSection =
  /** A table continued on further pages with its header repeated (the detail lines). */
  | { kind: 'table'; columns: RideColumn[]; rows: string[][] }
  /** A framed box of "label: value" lines (the modified document of a nota). */
  | { kind: 'pairs'; rows: RidePair[] };

export interface RideDocument {
  /** The document box's title: "FACTURA", "NOTA DE CRÉDITO". */
  title: string;
  infoTributaria: InfoTributaria;
  /** Issuer lines from the type's info element. */
  issuer: { dirEstablecimiento?: string; contribuyenteEspecial?: string; obligadoContabilidad?: string };
  /** The counterpart band, a row per line: a left pair and, when given, a right one. */
  counterpart: Array<{ left: RidePair; right?: RidePair }>;
  sections: RideSection[];
  infoAdicional?: Array<{ nombre: string; valor: string }>;
  /** Formas de pago (factura, nota de débito); none: the table is left out. */
  pagos?: Array<{ formaPago: string; total: string; plazo?: string; unidadTiempo?: string }>;
  /** The totals column, top to bottom. */
  totals: RideTotalRow[];
}
