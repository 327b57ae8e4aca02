/**
 * What the formularios 104 and 103 read of a month (shared/sri/FORMS-103-104.md): the sales and
 * purchases of the ATS plus the retenciones issued in the month (the 103 and the 104's 7xx block
 * declare what was withheld in the period, by the retención's date) and the names of the renta
 * concepts (catalog retencion_renta). Every document carries what the drill-down shows.
 */
import type { AtsCompra, AtsRetencionRecibida, AtsVenta, DocRef, RetencionLine } from '../ats/ats-month.ts';
import type { AtsSettings } from '../../../../core/ats-settings.ts';

/** A document as a casillero's drill-down lists it. */
export type FormDoc = DocRef & {
  /** 'YYYY-MM-DD'. */
  fechaEmision: string;
  identificacion: string;
  razonSocial: string;
};

export interface FormsMonth {
  ventas: Array<AtsVenta & { ref: FormDoc }>;
  compras: Array<AtsCompra & { ref: FormDoc }>;
  retencionesRecibidas: Array<AtsRetencionRecibida & { ref: FormDoc }>;
  /** Our comprobantes de retención AUTORIZADA dated in the month. */
  retencionesEmitidas: Array<{ ref: FormDoc; lineas: RetencionLine[] }>;
  /** Renta concept names by codigoRetencion (303 -> 'Honorarios profesionales…'). */
  conceptosRenta: Record<string, string>;
  settings: AtsSettings;
}

/** One casillero of a form with its value (USD, 2 decimals) and how many documents feed it. */
export type Casillero = {
  codigo: string;
  label: string;
  /** The form's section heading this casillero sits under. */
  section: string;
  valor: number;
  documents: number;
};

/** One document's share of a casillero (negative for a nota de crédito in a neto box). */
export interface Contribution {
  codigo: string;
  doc: FormDoc;
  valor: string;
}

/** A form of the month: its casilleros in the form's order, and each document's share. */
export interface FormResult {
  casilleros: Casillero[];
  contributions: Contribution[];
}
