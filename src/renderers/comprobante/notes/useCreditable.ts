/**
 * What is left to credit on an authorised factura (GET /api/invoice/{_id}/creditable): read by the
 * factura's notas card and actions and by the nota de crédito's editor.
 * @example const { data } = useCreditable(invoiceId, invoice.status === 'AUTORIZADA'); // data?.remaining
 */
import { useApiData } from '../../../engine/useApiData.ts';
import type { Creditable } from './note-links.ts';

const creditablePath = (id: string) => `/api/invoice/${encodeURIComponent(id)}/creditable`;

/** What is left to credit on an authorised factura (undefined while it loads or for any other status). */
export function useCreditable(invoiceId: string | undefined, authorised: boolean) {
  return useApiData<Creditable>({ path: invoiceId && authorised ? creditablePath(invoiceId) : null });
}
