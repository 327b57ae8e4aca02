/**
 * The estado de cuenta of a customer and the aging's open documents (DESIGN.md §12), as the server
 * builds them (server/domain/receivables/customer-statement.ts, aging.ts) and the screen reads them
 * (src/renderers/receivables/CustomerStatement.tsx). Amounts in USD as numbers (2 places), dates
 * 'YYYY-MM-DD'.
 */
import type { AgingBucket } from './receivables.ts';

/** One document of the drill-down: what was left on it on the date and how late it was (bucket: al día, 1–30, …). */
export type AgingDocument = {
  _id: string;
  /** The API resource that shows it (invoice, debit-note, purchase-settlement, received-document). */
  resource: string;
  codDoc: string;
  documentType: string;
  numero: string;
  fechaEmision: string;
  dueDate: string;
  daysOverdue: number;
  bucket: AgingBucket;
  bucketLabel: string;
  importeTotal: number;
  saldo: number;
  razonSocial: string;
};

export type StatementMove = 'documento' | 'nota_credito' | 'retencion' | 'pago';

export type StatementLine = {
  fecha: string;
  kind: StatementMove;
  /** "Factura", "Nota de crédito", "Retención recibida", "Pago". */
  documentType: string;
  /** The document's number ('001-001-000000123'); for a payment, the number of the document paid. */
  numero: string;
  /** What the line is: the document it applies to, the forma de pago and reference of a payment. */
  detalle: string;
  cargo: number;
  abono: number;
  /** Running balance after this line. */
  saldo: number;
  /** The comprobante the line is, or applies to (a link to it). */
  documentId: string;
  resource: string;
};

export type CustomerStatement = {
  customer: { _id: string; razonSocial: string; identificacion: string; tipoIdentificacion: string; email: string | null; direccion: string | null; telefono: string | null };
  from: string;
  to: string;
  openingBalance: number;
  lines: StatementLine[];
  totals: { cargos: number; abonos: number };
  closingBalance: number;
  /** Documents with something left on `to`, oldest due first. */
  openDocuments: AgingDocument[];
};
