/**
 * The supporting document of a comprobante de retención as `/api/withholding` takes it and the
 * proposal answers it (DESIGN.md §4 `docsSustento[]`; SRI ficha técnica, comprobante de retención
 * 2.0.0 `docSustento`): USD amounts as numbers, dates `YYYY-MM-DD`, numDocSustento as 15 digits.
 * Shared by the server's proposal and the SPA's editor; `R` is how each side holds the retenciones.
 */
/** One tax of the supporting document; `M` is how an amount is held (see {@link DocSustentoOf}). */
export interface SustentoImpuestoOf<M> {
  codImpuestoDocSustento: string;
  codigoPorcentaje: string;
  baseImponible: M;
  tarifa: M;
  valorImpuesto: M;
}

/**
 * A docSustento with amounts held as `M`: numbers in the API body and the proposal, strings as the
 * XML writes them once stored (type_detail); `R` is how the retenciones are held.
 */
export interface DocSustentoOf<M, R> {
  receivedDocument?: string;
  purchaseSettlement?: string;
  codSustento: string;
  codDocSustento: string;
  numDocSustento: string;
  fechaEmisionDocSustento: string;
  numAutDocSustento?: string;
  totalSinImpuestos: M;
  importeTotal: M;
  impuestos: Array<SustentoImpuestoOf<M>>;
  retenciones: R[];
  pagos: Array<{ formaPago: string; total: M }>;
}

/** The docSustento of the API body and the proposal: USD amounts as numbers. */
export type DocSustentoBody<R> = DocSustentoOf<number, R>;
