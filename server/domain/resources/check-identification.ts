/**
 * `x-identification` (DESIGN.md §3 keywords): a schema property that holds an Ecuadorian
 * identification names the sibling property with its SRI tipo (tabla 6), e.g.
 * `"identificacion": {"type": "string", "x-identification": "tipoIdentificacion"}`. The pair is
 * checked with core/identification.ts (cédula and RUC check digits, consumidor final, length), so a
 * schema-only resource (a carrier, a supplier) gets the customer's checks without code. The value
 * is trimmed in place. Top-level properties only.
 * @throws AppError VALIDATION with the property's path (`identificacion`) and the Spanish reason.
 */
import { checkIdentificacion } from '../../../core/identification.ts';
import { AppError } from '../../errors.ts';
import type { JsonSchema } from './schema-values.ts';

export function checkIdentificationValues(schema: JsonSchema, body: Record<string, unknown>): void {
  for (const [key, prop] of Object.entries(schema.properties ?? {})) {
    const tipoField = (prop as { 'x-identification'?: string })['x-identification'];
    if (!tipoField || typeof body[key] !== 'string') continue;
    const value = (body[key] as string).trim();
    const check = checkIdentificacion(String(body[tipoField] ?? ''), value);
    if (!check.valid) {
      const message = check.message ?? 'Identificación inválida';
      throw new AppError('VALIDATION', message, { details: [{ path: key, message }] });
    }
    body[key] = value;
  }
}
