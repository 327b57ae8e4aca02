/**
 * The dashboard's answer (GET /api/dashboard), shared by the server that computes it
 * (server/domain/dashboard) and the screen that draws it (src/renderers/dashboard). Money in USD,
 * rounded to 2 decimals; dates 'YYYY-MM-DD' in America/Guayaquil.
 */

export type InvoiceRef = {
  _id: string;
  /** SRI codDoc: '01' factura, '04' nota de crédito, '05' nota de débito (core/comprobante-types.ts). */
  codDoc: string;
  status: string;
  /** 'estab-ptoEmi-secuencial' (001-001-000000123); null for a draft. */
  numero: string | null;
  razonSocialComprador: string;
  importeTotal: number;
  fechaEmision: string;
  /** The SRI messages, '[identificador] mensaje — informacionAdicional' joined by '; '; null if none. */
  mensaje: string | null;
};

export type AttentionItem =
  /** delayed: not authorised at 20:00 of its emission day (same-day authorisation, 2026). */
  | (InvoiceRef & { reason: 'delayed' | 'stuck' | 'rejected' | 'old_draft' })
  /** An authorised factura or nota de débito past its due date with a saldo (issue 26). */
  | (InvoiceRef & { reason: 'overdue'; dueDate: string; saldo: number; daysOverdue: number })
  /** An anulación requested and not yet answered by the SRI (DESIGN.md §10): its state and deadline. */
  | (InvoiceRef & { reason: 'annulment_pending'; annulment: { state: string; deadline: string; acceptanceDeadline?: string } })
  | { reason: 'certificate'; daysToExpiry: number; notAfter: string };

export type CompanyDashboard = {
  period: { from: string; to: string };
  /**
   * USD, 2 decimals: AUTORIZADA importeTotal this calendar month, last month, and in the period, net
   * (notas de crédito subtract, notas de débito add).
   */
  sales: { thisMonth: number; lastMonth: number; period: number; thisMonthIva: number };
  /** USD: total IVA of the AUTORIZADA comprobantes of the period, net as `sales`. */
  iva: number;
  authorisedInPeriod: number;
  /** Comprobantes of the period (any type and status) by status; statuses without any are absent. */
  byStatus: Record<string, number>;
  /** The same comprobantes by type (SRI codDoc, core/comprobante-types.ts) and status, in codDoc order; types without any are absent. */
  byType: Array<{ codDoc: string; label: string; byStatus: Record<string, number>; total: number }>;
  /** 12 months ending with the period's last month, oldest first; months without sales are 0. */
  series: Array<{ month: string; total: number; count: number }>;
  topCustomers: Array<{ _id: string; label: string; total: number; count: number }>;
  /** total is the products' precioTotalSinImpuesto (before IVA); quantity the units sold. */
  topProducts: Array<{ _id: string; label: string; total: number; quantity: number }>;
  /**
   * What customers owe today, whatever the period (USD, 2 decimals): `open` the saldo of the
   * authorised facturas and notas de débito ("Por cobrar"), `overdue` the part past its due date
   * ("Vencido"), and how many documents each.
   */
  receivables: { open: number; overdue: number; openCount: number; overdueCount: number };
  /** Invoices by reason (delayed, stuck, rejected, old_draft, overdue; at most 20 each), then the certificate if due. */
  attention: AttentionItem[];
  /** Whole days until the certificate's notAfter (negative once expired); null without one. */
  certificate: { daysToExpiry: number } | null;
};
