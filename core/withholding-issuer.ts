/**
 * Who may issue a comprobante de retención (SRI.md §"Who issues comprobantes de retención";
 * Reglamento para la aplicación de la LRTI art. 92 as reformed by Decreto Ejecutivo 1114, in force
 * since 2020-10-01, and NAC-DGERCGC20-00000057):
 * - num. 1: the taxpayers the SRI designates agentes de retención by resolution (the company's
 *   `agenteRetencion`) and the contribuyentes especiales (`contribuyenteEspecial`) withhold on every
 *   payment that is income for whoever receives it;
 * - num. 2: those who are neither withhold only in the operations it lists. Of those, the one a
 *   comprobante de retención in Emite can carry is the liquidación de compra de bienes y prestación
 *   de servicios the company itself issues (codDocSustento 03; the buyer issues it, so it is always
 *   the company's own). The others (dividends, payments abroad, employees' pay, occasional public
 *   shows with non-resident foreigners, card issuers) are not on a docSustento Emite builds.
 * Public-sector entities (num. 1) have no setting of their own: they carry a resolution number too.
 * Shared by the server (refusal at issue) and the retención editor (notice before the form is filled).
 */

/** Why the company may issue: designated agent, contribuyente especial, or an own liquidación de compra (num. 2). */
export type WithholderBasis = 'agente' | 'especial' | 'liquidacion';

/** The company settings the rule reads (blank or null: not set). */
export interface WithholderSettings {
  agenteRetencion?: string | null;
  contribuyenteEspecial?: string | null;
}

/** Where the user fixes it on the Empresa screen (its card and the fields' titles, src/schemas/company). */
export const WITHHOLDER_SETTINGS_PLACE = 'Empresa › «Datos de la empresa y del SRI», campos «Agente de retención (resolución)» o «Contribuyente especial (resolución)»';

/** The Spanish explanation shown before the form is filled and in the 422 at issue. */
export const WITHHOLDER_REFUSAL =
  'Su empresa no es agente de retención ni contribuyente especial: sin serlo solo emite retenciones sobre sus propias liquidaciones de compra (Reglamento LRTI art. 92, num. 2). ' +
  `Si el SRI la designó agente de retención o contribuyente especial, escriba el número de resolución en ${WITHHOLDER_SETTINGS_PLACE}.`;

/** True when the company is a designated agent or a contribuyente especial (art. 92 num. 1). */
export function isDesignatedWithholder(company: WithholderSettings): boolean {
  return Boolean(company.agenteRetencion?.trim() || company.contribuyenteEspecial?.trim());
}

/**
 * @param company the company's resolution numbers.
 * @param docsSustento the retención's supporting documents (codDocSustento as the SRI codes it: 01 factura, 03 liquidación de compra…).
 * @returns the basis that lets the company issue, or null when it may not (no supporting document counts as not allowed
 *   unless the company is designated).
 * @example withholderBasis({ agenteRetencion: null }, [{ codDocSustento: '03' }]) // 'liquidacion'
 */
export function withholderBasis(company: WithholderSettings, docsSustento: ReadonlyArray<{ codDocSustento?: string | null }>): WithholderBasis | null {
  if (company.agenteRetencion?.trim()) return 'agente';
  if (company.contribuyenteEspecial?.trim()) return 'especial';
  if (docsSustento.length && docsSustento.every((d) => d.codDocSustento === '03')) return 'liquidacion';
  return null;
}
