/**
 * The pieces an issued comprobante is read in (IssuedDocumentView): facts as label and value, and
 * tables whose numbers line up on the right. Text, not inputs: nothing is cut at an input's width.
 * @example <DocumentFacts facts={[{ label: 'Cliente', value: 'María Lozada (1714307103)' }]} />
 */
import type { ReactNode } from 'react';
import { Box, Card, Grid, Heading, Table, Text } from '@chakra-ui/react';

export interface Fact {
  label: string;
  value: ReactNode;
}

/** A card with an optional small heading, the frame of every part of the document. */
function PartCard({ title, testId, children }: { title?: string; testId?: string; children: ReactNode }) {
  return (
    <Card.Root data-testid={testId}>
      {title && (
        <Card.Header>
          <Heading as="h3" size="sm">
            {title}
          </Heading>
        </Card.Header>
      )}
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

/** Facts as a definition list, two or three to a row on wider screens; facts without a value are left out. */
export function DocumentFacts({ title, facts, testId }: { title?: string; facts: Fact[]; testId?: string }) {
  const shown = facts.filter((f) => f.value !== null && f.value !== undefined && f.value !== '');
  if (shown.length === 0) return null;
  return (
    <PartCard title={title} testId={testId}>
      <Grid as="dl" templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)', xl: 'repeat(3, 1fr)' }} columnGap="6" rowGap="3">
        {shown.map((f) => (
          <Box key={f.label}>
            <Text as="dt" fontSize="xs" color="fg.muted">
              {f.label}
            </Text>
            <Text as="dd" overflowWrap="anywhere">
              {f.value}
            </Text>
          </Box>
        ))}
      </Grid>
    </PartCard>
  );
}

export interface Column {
  label: string;
  /** Right-aligned (amounts, quantities). */
  numeric?: boolean;
}

/** A titled table of text cells; wide tables scroll inside their card on a phone. */
export function DocumentTable({ title, columns, rows, testId }: { title: string; columns: Column[]; rows: ReactNode[][]; testId?: string }) {
  if (rows.length === 0) return null;
  return (
    <PartCard title={title} testId={testId}>
      <Table.ScrollArea>
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              {columns.map((c) => (
                <Table.ColumnHeader key={c.label} textAlign={c.numeric ? 'end' : 'start'} whiteSpace="nowrap">
                  {c.label}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((cells, r) => (
              <Table.Row key={r}>
                {cells.map((cell, c) => (
                  <Table.Cell key={columns[c]?.label ?? c} textAlign={columns[c]?.numeric ? 'end' : 'start'} whiteSpace={columns[c]?.numeric ? 'nowrap' : 'normal'}>
                    {cell}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </PartCard>
  );
}
