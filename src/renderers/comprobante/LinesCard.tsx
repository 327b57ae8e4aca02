/**
 * The "Detalle" section of a comprobante with line items (factura, nota de crédito): the line table
 * and, under it, why the lines cannot be totalled or what the server said about them.
 * @example <LinesCard lines={d.detalles} live={liveTotals(d.detalles, rates)} ivaOptions={options} readOnly={false} setLines={setLines} error={fieldError(errors, 'detalles')} />
 */
import { useMemo, type ReactNode } from 'react';
import { Card, Heading, Text } from '@chakra-ui/react';
import type { CatalogEntry } from '../../engine/catalogs.ts';
import { LinesTable } from './LinesTable.tsx';
import type { LineDraft, liveTotals } from './sale-model.ts';

interface Props {
  lines: LineDraft[];
  live: ReturnType<typeof liveTotals>;
  ivaOptions: CatalogEntry[];
  readOnly: boolean;
  /** The lines come from another document (LinesTable `locked`). */
  locked?: boolean;
  setLines: (update: (lines: LineDraft[]) => LineDraft[]) => void;
  /** The server's message about the lines, if any. */
  error?: string;
  /** Shown above the table (what the user may change). */
  hint?: ReactNode;
}

export function LinesCard({ lines, live, ivaOptions, readOnly, locked, setLines, error, hint }: Props) {
  const message = error ?? live.error;
  // The same heading on every keystroke: not redrawn.
  const header = useMemo(
    () => (
      <Card.Header>
        <Heading size="md">Detalle</Heading>
        {hint}
      </Card.Header>
    ),
    [hint],
  );
  return (
    <Card.Root>
      {header}
      <Card.Body>
        <LinesTable lines={lines} lineTotals={live.lineTotals} lineErrors={live.lineErrors} ivaOptions={ivaOptions} readOnly={readOnly} locked={locked} setLines={setLines} />
        {message && (
          <Text color="red.600" fontSize="sm" mt="2" role="alert">
            {message}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}
