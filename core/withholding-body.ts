/**
 * The supporting document of a comprobante de retención as `/api/withholding` takes it and the
 * proposal answers it (DESIGN.md §4 `docsSustento[]`; SRI ficha técnica, comprobante de retención
 * 2.0.0 `docSustento`): USD amounts as numbers, dates `YYYY-MM-DD`, numDocSustento as 15 digits.
 * Shared by the server's proposal and the SPA's editor; `R` is how each side holds the retenciones.
 */
export interface DocSustentoBody<R> {
  receivedDocument?: string;
  purchaseSettlement?: string;
  codSustento: string;
  codDocSustento: string;
  numDocSustento: string;
  fechaEmisionDocSustento: string;
  numAutDocSustento?: string;
  totalSinImpuestos: number;
  importeTotal: number;
  impuestos: Array<{ codImpuestoDocSustento: string; codigoPorcentaje: string; baseImponible: number; tarifa: number; valorImpuesto: number }>;
  retenciones: R[];
  pagos: Array<{ formaPago: string; total: number }>;
}
