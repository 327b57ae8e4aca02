/**
 * "Emitir guía de remisión" for an authorised factura's issued panel: a link to
 * `<sibling waybill list>/new?invoice=<_id>` (the guía editor starts with a destinatario citing
 * the factura; the server fills buyer, address, lines and sustento). Nothing for another status
 * or without the permission to create. Meant for InvoiceNoteActions (src/renderers/invoice).
 * @example <EmitWaybillAction invoice={invoice} basePath="/invoicing/invoice" />
 */
import { Link as RouterLink } from 'react-router-dom';
import { Button } from '@chakra-ui/react';
import { LuTruck } from 'react-icons/lu';
import { can, useSession } from '../../../engine/session.ts';
import { siblingPath } from '../../comprobante/notes/note-links.ts';

/** '/invoicing/invoice', 'f1' -> '/invoicing/waybill/new?invoice=f1'. */
export const newWaybillPath = (invoiceBasePath: string, invoiceId: string) => `${siblingPath(invoiceBasePath, 'waybill')}/new?invoice=${encodeURIComponent(invoiceId)}`;

export function EmitWaybillAction({ invoice, basePath }: { invoice: Record<string, unknown>; basePath: string }) {
  const user = useSession();
  if (invoice.status !== 'AUTORIZADA' || !can(user, 'invoice', 'create')) return null;
  return (
    <Button asChild size="sm" colorPalette="blue" variant="subtle">
      <RouterLink to={newWaybillPath(basePath, String(invoice._id))}>
        <LuTruck /> Emitir guía de remisión
      </RouterLink>
    </Button>
  );
}
