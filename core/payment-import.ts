/**
 * The answer of POST /api/payments/import (DESIGN.md §12), read by the server that builds it
 * (server/domain/payments/import-payments.ts) and by the import screen
 * (src/renderers/receivables/PaymentImportAction.tsx). Money in USD as numbers.
 */
export type PaymentImportError = {
  /** Line in the file (the header is line 1); 1 for a problem with the whole file. */
  row: number;
  /** The header cell of the column ('' for the whole row or file). */
  column: string;
  message: string;
};

/** A row that passed: the payment it records and the document's saldo before and after it. */
export type PaymentImportPreview<R extends string = string> = {
  row: number;
  document: { _id: string; resource: R; documentType: string; numero: string | null; razonSocial: string };
  fecha: string;
  formaPago: string;
  valor: number;
  referencia: string | null;
  saldoAntes: number;
  saldoDespues: number;
  /** The document's status after the row. */
  paymentStatus: string | null;
  /** The recorded payment's _id (absent in a dry run or when nothing was recorded). */
  paymentId?: string;
};

export type PaymentImportResult<R extends string = string> = {
  /** Payments recorded (in a dry run: that would be recorded). */
  recorded: number;
  dryRun: boolean;
  mode: 'all' | 'valid';
  rows: PaymentImportPreview<R>[];
  errors: PaymentImportError[];
};
