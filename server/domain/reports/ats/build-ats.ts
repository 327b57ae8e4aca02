/**
 * The ATS of a month as a file: rows (ats-rows.ts), XML (write-ats-xml.ts), then validation against
 * the SRI's XSD (server/sri/xsd/ats/at.xsd with libxml2-wasm, compiled once per process). The
 * result says whether the file may be served: never when a problem is an error or the XSD refuses
 * it; then `faults` name the rows at fault and their documents.
 */
import { ATS_XSD, validateComprobanteXml } from '../../../sri/validate-xsd.ts';
import type { AtsMonth, DocRef } from './ats-month.ts';
import { atsRows, type AtsProblem } from './ats-rows.ts';
import { atsFileName, refsAtLine, writeAtsXml } from './write-ats-xml.ts';

export interface AtsFault {
  /** libxml2's message ("línea N: Element 'x': …") or the problem's. */
  message: string;
  refs: DocRef[];
}

export interface AtsFile {
  fileName: string;
  xml: string;
  problems: AtsProblem[];
  /** XSD messages, each with the documents of the row it points at. */
  xsdErrors: AtsFault[];
  /** Rows written: compras, ventas (aggregated rows), anulados. */
  totals: { compras: number; ventas: number; anulados: number };
  /** No error-level problem and valid against the XSD. */
  servable: boolean;
}

/**
 * @example const f = buildAtsFile(month); if (f.servable) reply.send(f.xml);
 */
export function buildAtsFile(month: AtsMonth): AtsFile {
  const rows = atsRows(month);
  const written = writeAtsXml(rows);
  const check = validateComprobanteXml(written.xml, ATS_XSD);
  const xsdErrors = check.errors.map((message) => {
    const line = Number(/^línea (\d+):/.exec(message)?.[1]);
    return { message, refs: Number.isFinite(line) ? refsAtLine(written.rows, line) : [] };
  });
  return {
    fileName: atsFileName(month.year, month.month),
    xml: written.xml,
    problems: rows.problems,
    xsdErrors,
    totals: { compras: rows.compras.length, ventas: rows.ventas.length, anulados: rows.anulados.length },
    servable: check.valid && !rows.problems.some((p) => p.severity === 'error'),
  };
}
