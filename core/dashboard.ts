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
  | (InvoiceRef & { reason: 'stuck' | 'rejected' | 'old_draft' })
  | { reason: 'certificate'; daysToExpiry: number; notAfter: string };

export type CompanyDashboard = {
  period: { from: string; to: string };
  /**
   * USD, 2 decimals: AUTORIZADA importeTotal this calendar month, last month, and in the period, net
   * (notas de crédito subtract, notas de débito add).
   */
  sales: { thisMonth: number; lastMonth: number; period: number };
  /** USD: total IVA of the AUTORIZADA comprobantes of the period, net as `sales`. */
  iva: number;
  authorisedInPeriod: number;
  /** Invoices of the period (any status) by status; statuses without invoices are absent. */
  byStatus: Record<string, number>;
  /** 12 months ending with the period's last month, oldest first; months without sales are 0. */
  series: Array<{ month: string; total: number; count: number }>;
  topCustomers: Array<{ _id: string; label: string; total: number; count: number }>;
  /** total is the products' precioTotalSinImpuesto (before IVA); quantity the units sold. */
  topProducts: Array<{ _id: string; label: string; total: number; quantity: number }>;
  /** Invoices by reason (stuck, rejected, old_draft; at most 20 each), then the certificate if due. */
  attention: AttentionItem[];
  /** Whole days until the certificate's notAfter (negative once expired); null without one. */
  certificate: { daysToExpiry: number } | null;
};
