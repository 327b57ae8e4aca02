/**
 * The Webhooks card of Empresa > Integraciones (DESIGN.md §9): the company's endpoints (URL and
 * events), create and edit them, delete with confirmation, send a test event, and each endpoint's
 * delivery log (status, HTTP code, response time, attempt, next attempt). The signing secret is
 * shown once, right after creating the endpoint.
 * @example <WebhooksCard />
 */
import { useState } from 'react';
import { Badge, Button, Card, Checkbox, Code, Fieldset, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { notify } from '../../../engine/notify.ts';
import { invalidate } from '../../../engine/resources.ts';
import { useApiData } from '../../../engine/useApiData.ts';
import { useMutation } from '../../../engine/useMutation.ts';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../../../core/webhook-events.ts';
import { ConfirmDialog } from '../../../renderers/ConfirmDialog.tsx';
import { Message, TextField } from '../auth-form.tsx';
import { dateTime } from '../../../renderers/format.ts';

interface Endpoint {
  _id: string;
  url: string;
  events: WebhookEventType[];
  createdAt: string;
}

interface Delivery {
  _id: string;
  eventId: string;
  type: string;
  attempt: number;
  status: 'succeeded' | 'failed';
  httpStatus: number | null;
  responseTimeMs: number;
  error: string | null;
  nextAttemptAt: string | null;
  at: string;
}

const BASE = '/api/admin/webhook';
const when = (iso: string) => dateTime(iso);

/** Create (no `endpoint`) or edit form: URL and event checkboxes. */
function EndpointForm({ endpoint, onSaved, onCancel }: { endpoint?: Endpoint; onSaved: (saved: Endpoint & { secret?: string; warning?: string }) => void; onCancel: () => void }) {
  const [url, setUrl] = useState(endpoint?.url ?? 'https://');
  const [events, setEvents] = useState<WebhookEventType[]>(endpoint?.events ?? ['comprobante.authorized', 'comprobante.rejected']);
  const [noEvents, setNoEvents] = useState(false);
  const toggle = (type: WebhookEventType, on: boolean) => setEvents((current) => (on ? [...current, type] : current.filter((e) => e !== type)));
  const saving = useMutation({
    request: (body: { url: string; events: WebhookEventType[] }) => ({ method: endpoint ? 'PUT' : 'POST', path: endpoint ? `${BASE}/${endpoint._id}` : BASE, body }),
    errorMessage: 'No se pudo guardar el webhook',
    notifyError: false,
    onSuccess: (saved: Endpoint & { secret?: string; warning?: string }) => onSaved(saved),
  });
  const save = () => {
    setNoEvents(events.length === 0);
    if (events.length === 0) return saving.reset();
    void saving.mutate({ url, events });
  };
  const error = noEvents ? 'Elija al menos un evento' : saving.error;
  return (
    <Stack gap="3" borderWidth="1px" borderRadius="md" p="4" as="form" onSubmit={(e) => (e.preventDefault(), save())} aria-label={endpoint ? 'Editar webhook' : 'Nuevo webhook'}>
      <TextField
        label="URL del receptor"
        type="url"
        required
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        helper={
          url.includes('****@')
            ? 'Las credenciales de la URL están ocultas (****); déjelas así para conservarlas o escriba otras para reemplazarlas'
            : 'Emite envía un POST JSON firmado a esta dirección pública'
        }
      />
      <Fieldset.Root>
        <Fieldset.Legend>Eventos</Fieldset.Legend>
        <Stack gap="2" mt="2">
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <Checkbox.Root key={type} checked={events.includes(type)} onCheckedChange={(e) => toggle(type, e.checked === true)}>
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>
                {WEBHOOK_EVENT_LABELS[type]} <Code size="sm">{type}</Code>
              </Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Stack>
      </Fieldset.Root>
      {error && <Message status="error">{error}</Message>}
      <HStack justify="flex-end">
        <Button variant="outline" onClick={onCancel}>
          Cancelar
        </Button>
        <Button type="submit" colorPalette="blue" loading={saving.isPending}>
          {endpoint ? 'Guardar' : 'Crear webhook'}
        </Button>
      </HStack>
    </Stack>
  );
}

const deliveriesPath = (endpointId: string) => `${BASE}/${endpointId}/deliveries`;

/** The delivery log of one endpoint, newest first; a test event invalidates it. */
function DeliveryLog({ endpointId }: { endpointId: string }) {
  const { data } = useApiData<Delivery[]>({ path: deliveriesPath(endpointId) });
  if (!data) return null;
  if (data.length === 0) return <Text color="fg.muted">Todavía no hay entregas.</Text>;
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md" maxH="72">
      <Table.Root size="sm" stickyHeader aria-label="Registro de entregas">
        <Table.Header>
          <Table.Row>
            {['Fecha', 'Evento', 'Intento', 'Estado', 'HTTP', 'Tiempo', 'Próximo intento'].map((h) => (
              <Table.ColumnHeader key={h}>{h}</Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {data.map((d) => (
            <Table.Row key={d._id}>
              <Table.Cell whiteSpace="nowrap">{when(d.at)}</Table.Cell>
              <Table.Cell>
                <Code size="sm">{d.type}</Code>
              </Table.Cell>
              <Table.Cell>{d.attempt}</Table.Cell>
              <Table.Cell title={d.error ?? undefined}>
                <Badge colorPalette={d.status === 'succeeded' ? 'green' : 'red'}>{d.status === 'succeeded' ? 'Entregado' : 'Falló'}</Badge>
              </Table.Cell>
              <Table.Cell>{d.httpStatus ?? '—'}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">{d.responseTimeMs} ms</Table.Cell>
              <Table.Cell whiteSpace="nowrap">{d.nextAttemptAt ? when(d.nextAttemptAt) : '—'}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

export function WebhooksCard() {
  const endpoints = useApiData<Endpoint[]>({ path: BASE }).data;
  const [editing, setEditing] = useState<Endpoint | 'new' | null>(null);
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  const [removing, setRemoving] = useState<Endpoint | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [testing, setTesting] = useState<string>();

  const saved = async (endpoint: Endpoint & { secret?: string; warning?: string }) => {
    setEditing(null);
    if (endpoint.secret) setSecret({ url: endpoint.url, secret: endpoint.secret });
    // A host that does not resolve right now is saved all the same; the server says so.
    if (endpoint.warning) notify('warning', endpoint.warning);
    else notify('success', 'Webhook guardado');
    await invalidate(BASE);
  };
  const removal = useMutation({
    request: (endpoint: Endpoint) => ({ method: 'DELETE', path: `${BASE}/${endpoint._id}` }),
    success: 'Webhook eliminado',
    errorMessage: 'No se pudo eliminar',
    onSuccess: () => setRemoving(null),
    invalidates: [BASE],
  });
  const test = useMutation({
    request: (endpoint: Endpoint) => ({ method: 'POST', path: `${BASE}/${endpoint._id}/test` }),
    success: (d: Delivery) => (d.status === 'succeeded' ? `Evento de prueba entregado (HTTP ${d.httpStatus}, ${d.responseTimeMs} ms)` : undefined),
    errorMessage: 'No se pudo enviar el evento de prueba',
    onSuccess: async (d: Delivery, endpoint) => {
      if (d.status !== 'succeeded') notify('danger', `El evento de prueba no se entregó: ${d.error ?? 'error'}`);
      setOpen(endpoint._id);
      await invalidate(deliveriesPath(endpoint._id));
    },
  });
  /** The endpoint whose test or deletion is running (its buttons show busy). */
  const busy = removal.isPending ? removing?._id : test.isPending ? testing : undefined;
  const sendTest = (endpoint: Endpoint) => {
    setTesting(endpoint._id);
    void test.mutate(endpoint);
  };

  return (
    <Card.Root>
      <Card.Header>
        <HStack justify="space-between">
          <Heading as="h3" size="md">
            Webhooks
          </Heading>
          {editing === null && (
            <Button size="sm" colorPalette="blue" onClick={() => setEditing('new')}>
              Nuevo webhook
            </Button>
          )}
        </HStack>
        <Text color="fg.muted" textStyle="sm">
          Emite avisa a sus sistemas cuando el SRI autoriza o devuelve un comprobante, cuando recibe uno y cuando la firma está por expirar. Cada envío lleva la cabecera{' '}
          <Code size="sm">X-Emite-Signature</Code> (HMAC-SHA256 con el secreto) y se reintenta durante 24 h si falla.
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          {secret && (
            <Message status="success">
              <Stack gap="1">
                <Text>Secreto de firma de {secret.url}. Cópielo ahora: no se volverá a mostrar.</Text>
                <Code data-testid="webhook-secret" wordBreak="break-all">
                  {secret.secret}
                </Code>
                <Button size="xs" variant="outline" alignSelf="flex-start" onClick={() => setSecret(null)}>
                  Ya lo guardé
                </Button>
              </Stack>
            </Message>
          )}
          {editing === 'new' && <EndpointForm onSaved={saved} onCancel={() => setEditing(null)} />}
          {endpoints?.length === 0 && editing === null && <Text color="fg.muted">No hay webhooks.</Text>}
          {endpoints?.map((endpoint) =>
            editing !== 'new' && editing?._id === endpoint._id ? (
              <EndpointForm key={endpoint._id} endpoint={endpoint} onSaved={saved} onCancel={() => setEditing(null)} />
            ) : (
              <Stack key={endpoint._id} gap="2" borderWidth="1px" borderRadius="md" p="3" data-testid="webhook-endpoint">
                <Text fontWeight="medium" wordBreak="break-all">
                  {endpoint.url}
                </Text>
                <HStack wrap="wrap" gap="1">
                  {endpoint.events.map((e) => (
                    <Badge key={e} title={WEBHOOK_EVENT_LABELS[e]}>
                      {e}
                    </Badge>
                  ))}
                </HStack>
                <HStack wrap="wrap" gap="2">
                  <Button size="xs" variant="outline" loading={busy === endpoint._id} onClick={() => sendTest(endpoint)}>
                    Enviar evento de prueba
                  </Button>
                  <Button size="xs" variant="outline" onClick={() => setOpen(open === endpoint._id ? null : endpoint._id)}>
                    {open === endpoint._id ? 'Ocultar entregas' : 'Ver entregas'}
                  </Button>
                  <Button size="xs" variant="outline" onClick={() => setEditing(endpoint)}>
                    Editar
                  </Button>
                  <Button size="xs" variant="outline" colorPalette="red" onClick={() => setRemoving(endpoint)}>
                    Eliminar
                  </Button>
                </HStack>
                {open === endpoint._id && <DeliveryLog endpointId={endpoint._id} />}
              </Stack>
            ),
          )}
        </Stack>
      </Card.Body>
      <ConfirmDialog
        open={removing !== null}
        title="¿Eliminar el webhook?"
        body={removing ? `${removing.url} dejará de recibir eventos y se borrará su registro de entregas.` : undefined}
        busy={busy !== undefined}
        onConfirm={() => void (removing && removal.mutate(removing))}
        onClose={() => setRemoving(null)}
      />
    </Card.Root>
  );
}
