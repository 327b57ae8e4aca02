/**
 * `GET /api/reports/ats` (DESIGN.md §11): the month's ATS file, valid against the SRI's XSD. It is
 * never served otherwise: an error-level problem or an XSD message is a 422 whose `details` name
 * the rows at fault (`path`: resource/_id of the document behind the row).
 */
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { buildAtsFile } from './ats/build-ats.ts';
import { fileProblems } from './check-ats.ts';
import { gatherCloseMonth } from './gather-close-month.ts';
import type { Period } from './period.ts';

/**
 * @returns `{fileName: 'ATmmaaaa.xml', xml}`.
 * @throws AppError UNPROCESSABLE (422) with `details: [{path, message}]` and `problems` when the
 *   file cannot be produced valid.
 */
export async function produceAts(db: Db, p: { companyId: string; period: Period }): Promise<{ fileName: string; xml: string }> {
  const file = buildAtsFile(await gatherCloseMonth(db, p));
  if (!file.servable) {
    const problems = fileProblems(file).filter((x) => x.severity === 'error');
    throw new AppError('UNPROCESSABLE', `El ATS de ${p.period.period} no se puede generar válido: corrija ${problems.length === 1 ? 'el problema' : `los ${problems.length} problemas`} de la revisión`, {
      details: problems.map((x) => ({ path: x.resource && x._id ? `${x.resource}/${x._id}` : 'ats', message: x.message })),
      extra: { problems },
    });
  }
  return { fileName: file.fileName, xml: file.xml };
}
