/**
 * Import the SRI portal's TXT listing of received comprobantes: a progress bar while each access
 * key is fetched from the SRI and registered, then one result per line (registered, already
 * registered, or the reason it failed) with a link to each document.
 * @example <TxtImportCard basePath="/purchases/received-document" />
 */
import { useRef } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Badge, Box, Button, Card, Code, Heading, HStack, Input, Link, Progress, Stack, Table, Text } from '@chakra-ui/react';
import { LuFileText, LuSquare } from 'react-icons/lu';
import { useTxtImport, type TxtRowResult } from './useTxtImport.ts';

const STATUS: Record<TxtRowResult['status'], { label: string; color: string }> = {
  imported: { label: 'Registrado', color: 'green' },
  duplicate: { label: 'Ya registrado', color: 'gray' },
  error: { label: 'Error', color: 'red' },
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function TxtImportCard({ basePath }: { basePath: string }) {
  const input = useRef<HTMLInputElement>(null);
  const { state, run, cancel } = useTxtImport();
  const count = (status: TxtRowResult['status']) => state.results.filter((r) => r.status === status).length;
  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h3" size="md">
          Listado TXT del portal del SRI
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          <Text fontSize="sm" color="fg.muted">
            En el portal del SRI, &quot;Comprobantes electrónicos recibidos&quot;, descargue el listado (TXT). Cada clave se consulta al SRI y se registra.
          </Text>
          <Input
            ref={input}
            type="file"
            accept=".txt,text/plain"
            display="none"
            aria-label="Archivo TXT de comprobantes recibidos"
            data-testid="txt-file"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void run(file);
            }}
          />
          <HStack>
            <Button variant="outline" onClick={() => input.current?.click()} disabled={state.running}>
              <LuFileText /> Elegir archivo TXT
            </Button>
            {state.running && (
              <Button variant="ghost" size="sm" onClick={cancel}>
                <LuSquare /> Detener
              </Button>
            )}
          </HStack>
          {state.fileError && (
            <Text color="fg.error" fontSize="sm" role="alert">
              {state.fileError}
            </Text>
          )}
          {state.total > 0 && (
            <Progress.Root value={state.done} max={state.total} colorPalette={count('error') ? 'orange' : 'blue'} data-testid="txt-progress">
              <HStack justify="space-between">
                <Progress.Label fontSize="sm">{state.running ? `Procesando ${state.done} de ${state.total}…` : `Terminado: ${state.done} de ${state.total} filas`}</Progress.Label>
                <Progress.ValueText fontSize="sm" />
              </HStack>
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
          )}
          {state.results.length > 0 && (
            <>
              <Text fontSize="sm" data-testid="txt-summary">
                {plural(count('imported'), 'registrado', 'registrados')} · {plural(count('duplicate'), 'ya registrado', 'ya registrados')} · {count('error')} con error
              </Text>
              <Box overflowX="auto" borderWidth="1px" borderRadius="md" maxH="420px" overflowY="auto">
                <Table.Root size="sm" stickyHeader>
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>Línea</Table.ColumnHeader>
                      <Table.ColumnHeader>Estado</Table.ColumnHeader>
                      <Table.ColumnHeader>Comprobante</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {state.results.map((r) => (
                      <Table.Row key={r.line} data-testid="txt-result" data-status={r.status}>
                        <Table.Cell>{r.line}</Table.Cell>
                        <Table.Cell>
                          <Stack gap="1" align="flex-start">
                            <Badge colorPalette={STATUS[r.status].color} variant="subtle">
                              {STATUS[r.status].label}
                            </Badge>
                            {r._id && (
                              <Link asChild fontSize="xs" colorPalette="blue">
                                <RouterLink to={`${basePath}/${encodeURIComponent(r._id)}`}>Ver</RouterLink>
                              </Link>
                            )}
                          </Stack>
                        </Table.Cell>
                        <Table.Cell>
                          <Stack gap="0">
                            {r.razonSocialEmisor && <Text fontSize="sm">{r.razonSocialEmisor}</Text>}
                            {r.claveAcceso && (
                              <Code fontSize="xs" wordBreak="break-all">
                                {r.claveAcceso}
                              </Code>
                            )}
                            {r.message && !(r.status === 'duplicate' && r._id) && (
                              <Text fontSize="xs" color={r.status === 'error' ? 'fg.error' : 'fg.muted'}>
                                {r.message}
                              </Text>
                            )}
                          </Stack>
                        </Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Box>
            </>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
