/**
 * `GET /api/reports/ats/check` (DESIGN.md §11): what to fix before the month's ATS is filed, most
 * urgent first — errors that keep the file from being produced (a purchase without sustento, a row
 * the XSD refuses), then what the file would leave out (received documents not confirmed with the
 * SRI, comprobantes still waiting for the SRI). Each problem names the document to open.
 */
import type { Db } from '../../db/client.ts';
import { buildAtsFile, type AtsFile } from './ats/build-ats.ts';
import type { AtsProblem } from './ats/ats-rows.ts';
import { gatherCloseMonth, type CloseMonth } from './gather-close-month.ts';
import type { Period } from './period.ts';
import { STATUS_DISPLAY, type ComprobanteStatus } from '../../../core/comprobante-status.ts';
import { metaByCodDoc } from '../../../core/comprobante-types.ts';

export type AtsCheck = {
  period: string;
  /** Nothing to fix: no problem at all. */
  ready: boolean;
  problems: AtsProblem[];
  totals: { compras: number; ventas: number; anulados: number };
};

const label = (codDoc: string) => metaByCodDoc(codDoc)?.label ?? 'Comprobante';

/** Problems of the month that are not about the file's rows: what the ATS leaves out. */
export function monthProblems(month: CloseMonth): AtsProblem[] {
  const out: AtsProblem[] = [];
  for (const d of month.unconfirmed.first) {
    out.push({ code: 'RECIBIDO_SIN_CONFIRMAR', severity: 'warning', resource: d.resource, _id: d._id, message: `${label(d.codDoc)} ${d.numero} de ${d.razonSocial} no está confirmado con el SRI: queda fuera del ATS y de los formularios hasta confirmarlo` });
  }
  if (month.unconfirmed.count > month.unconfirmed.first.length) out.push({ code: 'RECIBIDO_SIN_CONFIRMAR', severity: 'warning', message: `Y ${month.unconfirmed.count - month.unconfirmed.first.length} comprobantes recibidos más sin confirmar con el SRI` });
  for (const d of month.waiting.first) {
    const status = STATUS_DISPLAY[d.status as ComprobanteStatus]?.label ?? d.status;
    out.push({ code: 'PENDIENTE_SRI', severity: 'warning', resource: d.resource, _id: d._id, message: `${label(d.codDoc)} ${d.numero} a ${d.razonSocial} sigue sin autorizar (${status}): no entra en el ATS hasta que el SRI la autorice` });
  }
  if (month.waiting.count > month.waiting.first.length) out.push({ code: 'PENDIENTE_SRI', severity: 'warning', message: `Y ${month.waiting.count - month.waiting.first.length} comprobantes emitidos más sin autorizar` });
  return out;
}

/** The file's problems and XSD messages as one list, errors first. */
export function fileProblems(file: AtsFile): AtsProblem[] {
  // An XSD message on a row whose document already has an error says the same thing again (an
  // empty codSustento after "compra sin sustento"): only the first is listed.
  const named = new Set(file.problems.filter((p) => p.severity === 'error' && p._id).map((p) => p._id));
  const xsd: AtsProblem[] = file.xsdErrors.filter((e) => !e.refs.some((r) => named.has(r._id))).map((e) => ({ code: 'XSD', severity: 'error', message: `El XSD del ATS rechaza: ${e.message}`, ...(e.refs[0] ? { resource: e.refs[0].resource, _id: e.refs[0]._id } : {}) }));
  return [...file.problems, ...xsd];
}

/** Errors first, then warnings, each in the order found. */
const bySeverity = (list: AtsProblem[]) => [...list.filter((p) => p.severity === 'error'), ...list.filter((p) => p.severity !== 'error')];

/**
 * @example await checkAts(db, { companyId, period: parsePeriod('2026-03') }) // { ready: false, problems: [{ code: 'COMPRA_SIN_SUSTENTO', … }] }
 */
export async function checkAts(db: Db, p: { companyId: string; period: Period }): Promise<AtsCheck> {
  const month = await gatherCloseMonth(db, p);
  const file = buildAtsFile(month);
  const problems = bySeverity([...fileProblems(file), ...monthProblems(month)]);
  return { period: p.period.period, ready: problems.length === 0, problems, totals: file.totals };
}
