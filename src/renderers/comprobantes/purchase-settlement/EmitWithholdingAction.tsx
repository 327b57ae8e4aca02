/**
 * "Emitir retención" on an authorised liquidación's issued panel: a link to the retención editor
 * (`<purchases>/withholding/new?purchaseSettlement=<_id>`, which prefills from GET
 * /api/purchase-settlement/{_id}; SRI.md: a liquidación is usually followed by its own retención).
 * Nothing for another status or without the 'purchase' permission to create.
 * @example <EmitWithholdingAction settlement={record} basePath="/purchases/purchase-settlement" />
 */
import { Link as RouterLink } from 'react-router-dom';
import { Button } from '@chakra-ui/react';
import { LuReceipt } from 'react-icons/lu';
import { can, useSession } from '../../../engine/session.ts';
import { newWithholdingPath } from './settlement-model.ts';

export function EmitWithholdingAction({ settlement, basePath }: { settlement: Record<string, unknown>; basePath: string }) {
  const user = useSession();
  if (settlement.status !== 'AUTORIZADA' || !can(user, 'purchase', 'create')) return null;
  return (
    <Button asChild size="sm" colorPalette="blue" variant="subtle">
      <RouterLink to={newWithholdingPath(basePath, String(settlement._id))}>
        <LuReceipt /> Emitir retención
      </RouterLink>
    </Button>
  );
}
