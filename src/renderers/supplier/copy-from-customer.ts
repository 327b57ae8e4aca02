/**
 * "Copiar desde clientes" (issue #13: a counterpart who is both customer and supplier is not typed
 * twice), the pure part: which customer fields make a supplier record and when not to copy.
 * Supplier fields (src/schemas/supplier): tipoIdentificacion, identificacion, razonSocial, email,
 * direccion, telefono. A consumidor final (SRI tabla 6, 07) cannot be a supplier.
 */
import type { Row } from '../../engine/resources.ts';

const COPIED = ['tipoIdentificacion', 'identificacion', 'razonSocial', 'email', 'direccion', 'telefono'] as const;

/**
 * The supplier body for a customer row of /api/customer, or why it is not copied (Spanish).
 * @example supplierFromCustomer({ _id: 'c', tipoIdentificacion: '05', identificacion: '1714307103', razonSocial: 'María', email: null })
 *   // { body: { tipoIdentificacion: '05', identificacion: '1714307103', razonSocial: 'María' } }
 */
export function supplierFromCustomer(customer: Row): { body: Record<string, string> } | { refusal: string } {
  if (customer.tipoIdentificacion === '07') return { refusal: 'Un consumidor final no puede registrarse como proveedor: el proveedor debe estar identificado.' };
  const body: Record<string, string> = {};
  for (const field of COPIED) {
    const value = customer[field];
    if (typeof value === 'string' && value.trim() !== '') body[field] = value.trim();
  }
  return { body };
}

/** The supplier among `rows` with exactly this identificación, if any (a search by `q` also matches substrings). */
export const supplierWithIdentificacion = (rows: Row[], identificacion: string): Row | undefined => rows.find((r) => String(r.identificacion ?? '').trim() === identificacion.trim());
