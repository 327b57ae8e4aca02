/**
 * "Claves de API" in Empresa > Integraciones: create a key with a name and a role (the new key is
 * shown once, with a copy button and a warning), list the keys by prefix with creator, creation
 * and last use, and revoke one after a confirmation.
 * @example <ApiKeysCard />
 */
import { useState } from 'react';
import { Badge, Box, Button, Card, Clipboard, Code, Field, Flex, Heading, HStack, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { LuCheck, LuCopy, LuKeyRound } from 'react-icons/lu';
import { useApiKeys, type ApiKey, type CreatedApiKey } from '../../../engine/api-keys.ts';
import { notify } from '../../../engine/notify.ts';
import { useSchema } from '../../../engine/schema-registry.ts';
import { ConfirmDialog } from '../../../renderers/ConfirmDialog.tsx';
import { dateTime } from '../../../renderers/format.ts';
import { fieldErrors, Message, TextField } from '../auth-form.tsx';

/** The roles a key can take, labelled as the user form labels them (the `user` schema). */
function useRoleOptions(): Array<{ value: string; label: string }> {
  const user = useSchema('user');
  const role = (user?.schema.properties as Record<string, { enum?: string[] }> | undefined)?.role;
  const names = (user?.ui.role as { 'ui:enumNames'?: string[] } | undefined)?.['ui:enumNames'] ?? [];
  return (role?.enum ?? ['EMISOR']).map((value, i) => ({ value, label: names[i] ?? value }));
}

export function ApiKeysCard() {
  const roles = useRoleOptions();
  const [name, setName] = useState('');
  const [role, setRole] = useState('EMISOR');
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const { keys, create, revoke } = useApiKeys({
    onCreated: (key) => {
      setCreated(key);
      setName('');
    },
    onRevoked: (key) => {
      setCreated((shown) => (shown?._id === key._id ? null : shown));
      setRevoking(null);
    },
  });
  const errors = fieldErrors({ details: create.details });
  const submit = () => void create.mutate({ name, role });
  const confirmRevoke = () => void (revoking && revoke.mutate(revoking));
  const roleLabel = (code: string) => roles.find((r) => r.value === code)?.label ?? code;

  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h3" size="md">
          Claves de API
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          Para que un punto de venta, un ERP o una tienda en línea emita con Emite. Envíe la clave en la cabecera <Code>Authorization: Bearer emk_…</Code> o{' '}
          <Code>X-API-Key</Code>; actúa con los permisos de su rol.
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="5">
          {created && (
            <Box borderWidth="1px" borderColor="orange.300" rounded="md" p="4" data-testid="new-api-key">
              <Stack gap="3">
                <Message status="warning">
                  Copie la clave «{created.name}» ahora y guárdela en un lugar seguro: no se volverá a mostrar. Si la pierde, revóquela y cree otra.
                </Message>
                <HStack>
                  <Input readOnly value={created.key} fontFamily="mono" aria-label="Clave de API nueva" onFocus={(e) => e.currentTarget.select()} />
                  <Clipboard.Root value={created.key} onStatusChange={(d) => d.copied && notify('success', 'Clave copiada')}>
                    <Clipboard.Trigger asChild>
                      <Button variant="outline" aria-label="Copiar la clave">
                        <Clipboard.Indicator copied={<LuCheck />}>
                          <LuCopy />
                        </Clipboard.Indicator>
                        Copiar
                      </Button>
                    </Clipboard.Trigger>
                  </Clipboard.Root>
                </HStack>
                <Flex justify="flex-end">
                  <Button size="sm" onClick={() => setCreated(null)}>
                    Ya la guardé
                  </Button>
                </Flex>
              </Stack>
            </Box>
          )}

          <HStack align="flex-end" gap="3" flexWrap={{ base: 'wrap', md: 'nowrap' }}>
            <TextField label="Nombre de la clave" placeholder="Caja 1, tienda en línea…" value={name} maxLength={100} error={errors.name} onChange={(e) => setName(e.target.value)} />
            <Field.Root invalid={Boolean(errors.role)} maxW={{ md: '14rem' }}>
              <Field.Label>Rol</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field aria-label="Rol de la clave" value={role} onChange={(e) => setRole(e.target.value)}>
                  {roles.map((r) => (
                    <option key={r.value} value={r.value}>
                      {r.label}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              {errors.role && <Field.ErrorText>{errors.role}</Field.ErrorText>}
            </Field.Root>
            <Button colorPalette="blue" loading={create.isPending} disabled={!name.trim()} onClick={submit} flexShrink={0}>
              <LuKeyRound /> Crear clave
            </Button>
          </HStack>

          {keys.length === 0 ? (
            <Text color="fg.muted">Aún no hay claves de API.</Text>
          ) : (
            <Table.ScrollArea>
              <Table.Root size="sm" aria-label="Claves de API">
                <Table.Header>
                  <Table.Row>
                    {['Nombre', 'Clave', 'Rol', 'Creador', 'Creada', 'Último uso', ''].map((h) => (
                      <Table.ColumnHeader key={h}>{h}</Table.ColumnHeader>
                    ))}
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {keys.map((k) => (
                    <Table.Row key={k._id} opacity={k.revokedAt ? 0.6 : 1}>
                      <Table.Cell fontWeight="medium">{k.name}</Table.Cell>
                      <Table.Cell>
                        <Code>{k.prefix}…</Code>
                      </Table.Cell>
                      <Table.Cell>{roleLabel(k.role)}</Table.Cell>
                      <Table.Cell>{k.createdBy?.name ?? '—'}</Table.Cell>
                      <Table.Cell whiteSpace="nowrap">{dateTime(k.createdAt)}</Table.Cell>
                      <Table.Cell whiteSpace="nowrap">{k.lastUsedAt ? dateTime(k.lastUsedAt) : 'Nunca'}</Table.Cell>
                      <Table.Cell textAlign="end">
                        {k.revokedAt ? (
                          <Badge colorPalette="gray" title={`Revocada el ${dateTime(k.revokedAt)}`}>
                            Revocada
                          </Badge>
                        ) : (
                          <Button size="xs" variant="outline" colorPalette="red" onClick={() => setRevoking(k)} aria-label={`Revocar la clave ${k.name}`}>
                            Revocar
                          </Button>
                        )}
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          )}
        </Stack>
      </Card.Body>
      <ConfirmDialog
        open={Boolean(revoking)}
        title={`¿Revocar la clave «${revoking?.name ?? ''}»?`}
        body="Las integraciones que la usan dejarán de funcionar de inmediato (401). No se puede deshacer."
        confirmLabel="Revocar"
        busy={revoke.isPending}
        onConfirm={confirmRevoke}
        onClose={() => setRevoking(null)}
      />
    </Card.Root>
  );
}
