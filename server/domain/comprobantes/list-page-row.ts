/**
 * A list page's rows (GET /api/invoice and the other comprobante lists), as the page-with-total
 * statement of list-comprobantes.ts selects them: each row is ONE JSON array of the summary columns
 * (comprobante-view.ts `summaryColumns`, in order) and the total, built by PostgreSQL
 * (json_build_array). node-postgres then parses one value per row instead of 36 and JSON.parse reads
 * the jsonb columns in the same pass: bench/list.ts, issue 30.
 */
import { sql, type SQL } from 'drizzle-orm';
import { comprobantes } from '../../db/schema/index-tables.ts';
import { timestamptzIso } from '../../db/timestamp-iso.ts';
import { summaryColumns, type ComprobanteSummaryRow } from './comprobante-view.ts';

/** The fields of a page-with-total row, in order: the summary columns, then the total (a count subquery). */
export const pageSelection = (counted: object) => ({ ...summaryColumns, total: sql<number>`(${counted})`.mapWith(Number) });

/** `json_build_array(<summary columns>, (<count>))`: a page row as {@link readPageRow} reads it. */
export function pageRowJson(counted: object): SQL {
  return sql`json_build_array(${sql.join(
    Object.values(pageSelection(counted)).map((field) => sql`${field}`),
    sql`, `,
  )})`;
}

/** Where each field sits in the JSON array (summaryColumns' order; the total last). */
const at = Object.fromEntries(Object.keys(pageSelection({})).map((key, i) => [key, i])) as Record<keyof ReturnType<typeof pageSelection>, number>;

/** A numeric column: JSON gives a number, the row type (and the columns' own decoder) its decimal text. */
const decimal = (v: unknown) => (v === null || v === undefined ? null : String(v)) as string;
/** A `timestamp with time zone`: JSON gives '2026-11-22T15:04:05.123456+00:00'; the list sends the ISO text (server/db/timestamp-iso.ts). */
const toDate = (v: unknown) => comprobantes.createdAt.mapFromDriverValue(v as string) as Date;
const instant = (v: unknown) => (v === null || v === undefined ? null : timestamptzIso(v, toDate)) as string;
const orNull = <T>(v: unknown) => (v === undefined ? null : v) as T;

/**
 * One page row: its one value, the JSON array of {@link pageRowJson} (parsed by the driver, or its
 * text), as the summary row toComprobanteSummary reads, plus the total. Values mean what the
 * columns' own decoders give: decimal text for numeric, numbers for integers, 'YYYY-MM-DD' dates,
 * the jsonb values themselves; timestamps as ISO text. Built as one object literal (a fixed shape).
 */
export function readPageRow(row: unknown[]): ComprobanteSummaryRow & { total: number } {
  const v = (typeof row[0] === 'string' ? JSON.parse(row[0]) : row[0]) as unknown[];
  return {
    id: v[at.id] as string,
    extra: orNull(v[at.extra]),
    establishmentId: orNull(v[at.establishmentId]),
    estab: v[at.estab] as string,
    ptoEmi: v[at.ptoEmi] as string,
    codDoc: v[at.codDoc] as string,
    customerId: orNull(v[at.customerId]),
    razonSocialComprador: orNull(v[at.razonSocialComprador]),
    identificacionComprador: orNull(v[at.identificacionComprador]),
    fechaEmision: v[at.fechaEmision] as string,
    totalSinImpuestos: decimal(v[at.totalSinImpuestos]),
    totalDescuento: decimal(v[at.totalDescuento]),
    totalIva: decimal(v[at.totalIva]),
    importeTotal: decimal(v[at.importeTotal]),
    totalConImpuestos: orNull(v[at.totalConImpuestos]),
    status: v[at.status] as string,
    secuencial: orNull(v[at.secuencial]),
    claveAcceso: orNull(v[at.claveAcceso]),
    ambiente: orNull(v[at.ambiente]),
    numeroAutorizacion: orNull(v[at.numeroAutorizacion]),
    fechaAutorizacion: instant(v[at.fechaAutorizacion]),
    mensajes: orNull(v[at.mensajes]),
    emailedAt: instant(v[at.emailedAt]),
    issuedAt: instant(v[at.issuedAt]),
    createdAt: instant(v[at.createdAt]),
    updatedAt: instant(v[at.updatedAt]),
    relatedId: orNull(v[at.relatedId]),
    numDocModificado: orNull(v[at.numDocModificado]),
    amountPaid: decimal(v[at.amountPaid]),
    amountCredited: decimal(v[at.amountCredited]),
    amountWithheld: decimal(v[at.amountWithheld]),
    saldo: decimal(v[at.saldo]),
    paymentState: orNull(v[at.paymentState]),
    dueDate: orNull(v[at.dueDate]),
    total: Number(v[at.total]),
  };
}
