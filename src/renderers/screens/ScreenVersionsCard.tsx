/**
 * "Versiones" of the screen editor: every saved version of the company's layer, newest first, with
 * who saved it and when (and which one it restored), and "Restaurar" after a confirmation: the
 * restored layer is saved as a new version, so nothing is lost.
 * @example <ScreenVersionsCard versions={ed.versions} current={ed.saved?.version ?? 0} busy={ed.restore.isPending} onRestore={(n) => ed.restore.mutate(n)} />
 */
import { useState } from 'react';
import { Button, Card, Heading, Table, Text } from '@chakra-ui/react';
import { LuHistory } from 'react-icons/lu';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { dateTime } from '../format.ts';
import type { ScreenVersion } from './useScreenEditor.ts';

interface Props {
  versions: ScreenVersion[];
  /** The version in force (0: the company never changed the screen). */
  current: number;
  /** Unsaved edits are lost by a restore: the confirmation says so. */
  dirty: boolean;
  busy: boolean;
  onRestore: (version: number) => void;
}

export function ScreenVersionsCard(p: Props) {
  const [asked, setAsked] = useState<number | null>(null);
  const versions = [...p.versions].sort((a, b) => b.version - a.version);
  return (
    <Card.Root data-testid="screen-versions">
      <Card.Header>
        <Heading as="h3" size="md">
          Versiones
        </Heading>
      </Card.Header>
      <Card.Body>
        {versions.length === 0 ? (
          <Text color="fg.muted">La empresa todavía no guardó cambios en esta pantalla.</Text>
        ) : (
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Versión</Table.ColumnHeader>
                <Table.ColumnHeader>Guardada</Table.ColumnHeader>
                <Table.ColumnHeader>Por</Table.ColumnHeader>
                <Table.ColumnHeader />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {versions.map((v) => (
                <Table.Row key={v.version}>
                  <Table.Cell>
                    {v.version}
                    {v.version === p.current ? ' (en vigor)' : ''}
                    {v.restoredFrom ? <Text fontSize="xs" color="fg.muted">{`Restauró la versión ${v.restoredFrom}`}</Text> : null}
                  </Table.Cell>
                  <Table.Cell>{dateTime(v.createdAt)}</Table.Cell>
                  <Table.Cell>{v.createdBy?.name ?? '—'}</Table.Cell>
                  <Table.Cell textAlign="end">
                    {v.version !== p.current && (
                      <Button size="xs" variant="outline" onClick={() => setAsked(v.version)} aria-label={`Restaurar la versión ${v.version}`}>
                        <LuHistory /> Restaurar
                      </Button>
                    )}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </Card.Body>
      <ConfirmDialog
        open={asked !== null}
        title={`¿Restaurar la versión ${asked ?? ''}?`}
        body={`La pantalla vuelve a quedar como en esa versión, para todos los usuarios de la empresa; se guarda como una versión nueva.${p.dirty ? ' Los cambios sin guardar se pierden.' : ''}`}
        confirmLabel="Restaurar"
        busy={p.busy}
        onConfirm={() => {
          if (asked !== null) p.onRestore(asked);
          setAsked(null);
        }}
        onClose={() => setAsked(null)}
      />
    </Card.Root>
  );
}
