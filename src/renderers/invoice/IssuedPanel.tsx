/**
 * What an issued invoice offers: its status and SRI messages, the access key, downloads (signed
 * XML, authorisation XML, RIDE), a RIDE preview, resend by e-mail, and asking the SRI again.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, CloseButton, Code, Dialog, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import { LuDownload, LuEye, LuRefreshCw, LuSend } from 'react-icons/lu';
import { API_BASE, errorMessage, request } from '../../engine/api-client.ts';
import { notify } from '../../engine/notify.ts';
import { session } from '../../engine/session.ts';
import { StatusBadge } from '../StatusBadge.tsx';
import { isWaitingForSri } from '../../../core/comprobante-status.ts';

type Mensaje = { identificador: string; mensaje: string; informacionAdicional?: string; tipo: string };

async function fetchFile(path: string): Promise<Blob> {
  const res = await fetch(`${API_BASE}${path}`, { headers: { authorization: `Bearer ${session.token()}` } });
  if (!res.ok) {
    const body = await res.json().catch(() => ({}));
    throw new Error((body as { message?: string }).message ?? `HTTP ${res.status}`);
  }
  return res.blob();
}

async function download(path: string, filename: string) {
  try {
    const url = URL.createObjectURL(await fetchFile(path));
    const a = document.createElement('a');
    a.href = url;
    a.download = filename;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch (err) {
    notify('danger', errorMessage(err, 'No se pudo descargar'));
  }
}

/**
 * An object URL for a fetched blob, revoked when it is cleared (the dialog closes), replaced, or the
 * component unmounts, so each RIDE preview's PDF is freed instead of living until the tab closes.
 */
function useObjectUrl() {
  const [url, setUrl] = useState<string | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  // A blob that arrives after unmount never gets a URL, so nothing is left to revoke.
  const show = (blob: Blob) => {
    if (mounted.current) setUrl(URL.createObjectURL(blob));
  };
  return { url, show, clear: () => setUrl(null) };
}

export function IssuedPanel({ invoice, onChanged }: { invoice: Record<string, unknown>; onChanged: (inv: Record<string, unknown>) => void }) {
  const id = String(invoice._id);
  const status = String(invoice.status);
  const numero = String(invoice.numero ?? '');
  const mensajes = (invoice.mensajes as Mensaje[]) ?? [];
  const { url: preview, show: showPreview, clear: closePreview } = useObjectUrl();
  const [busy, setBusy] = useState<string | null>(null);
  const act = async (name: string, fn: () => Promise<void>) => {
    setBusy(name);
    try {
      await fn();
    } catch (err) {
      notify('danger', errorMessage(err));
    } finally {
      setBusy(null);
    }
  };
  const pending = isWaitingForSri(status);
  return (
    <Stack gap="3" borderWidth="1px" borderRadius="md" p="4" bg="bg" data-testid="issued-panel">
      <HStack gap="3" wrap="wrap">
        <Text fontWeight="bold" fontSize="lg">
          Factura {numero}
        </Text>
        <StatusBadge status={status} />
        {typeof invoice.fechaAutorizacion === 'string' && <Text fontSize="sm">Autorizada el {new Date(invoice.fechaAutorizacion).toLocaleString('es-EC', { timeZone: 'America/Guayaquil' })}</Text>}
      </HStack>
      <Box>
        <Text fontSize="xs" color="fg.muted">
          Clave de acceso
        </Text>
        <Code wordBreak="break-all" data-testid="clave-acceso">
          {String(invoice.claveAcceso ?? '')}
        </Code>
      </Box>
      {pending && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Description>El SRI aún no responde con la autorización; Emite sigue consultando. Puede pedirla de nuevo.</Alert.Description>
        </Alert.Root>
      )}
      {mensajes.length > 0 && (
        <Alert.Root status={status === 'AUTORIZADA' ? 'info' : 'error'}>
          <Alert.Indicator />
          <Stack gap="1">
            <Alert.Title>Mensajes del SRI</Alert.Title>
            {mensajes.map((m, i) => (
              <Alert.Description key={i} data-testid="sri-message">
                [{m.identificador}] {m.mensaje}
                {m.informacionAdicional ? ` — ${m.informacionAdicional}` : ''}
              </Alert.Description>
            ))}
          </Stack>
        </Alert.Root>
      )}
      <HStack gap="2" wrap="wrap">
        <Button size="sm" variant="outline" onClick={() => act('ride', () => download(`/api/invoice/${id}/pdf?download=true`, `RIDE-${numero}.pdf`))} loading={busy === 'ride'}>
          <LuDownload /> RIDE (PDF)
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() =>
            act('preview', async () => {
              showPreview(await fetchFile(`/api/invoice/${id}/pdf`));
            })
          }
          loading={busy === 'preview'}
        >
          <LuEye /> Ver RIDE
        </Button>
        <Button size="sm" variant="outline" onClick={() => act('xml', () => download(`/api/invoice/${id}/xml`, `factura-${numero}.xml`))}>
          <LuDownload /> XML firmado
        </Button>
        {status === 'AUTORIZADA' && (
          <>
            <Button size="sm" variant="outline" onClick={() => act('auth', () => download(`/api/invoice/${id}/xml?format=autorizacion`, `autorizacion-${numero}.xml`))}>
              <LuDownload /> XML autorizado
            </Button>
            <Button
              size="sm"
              variant="outline"
              loading={busy === 'email'}
              onClick={() =>
                act('email', async () => {
                  const { data } = await request<{ message: string }>({ method: 'POST', path: `/api/invoice/${id}/email`, body: {}, kind: 'form' });
                  notify('success', data.message);
                })
              }
            >
              <LuSend /> Reenviar por correo
            </Button>
          </>
        )}
        {pending && (
          <Button
            size="sm"
            colorPalette="blue"
            loading={busy === 'authorize'}
            onClick={() =>
              act('authorize', async () => {
                const { data } = await request<Record<string, unknown>>({ method: 'POST', path: `/api/invoice/${id}/authorize`, body: {}, kind: 'form' });
                onChanged(data);
              })
            }
          >
            <LuRefreshCw /> Consultar autorización
          </Button>
        )}
      </HStack>
      <Dialog.Root open={Boolean(preview)} onOpenChange={(e) => !e.open && closePreview()} size="xl">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>RIDE {numero}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>{preview && <iframe title={`RIDE ${numero}`} src={preview} style={{ width: '100%', height: '70vh', border: 0 }} />}</Dialog.Body>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Cerrar" />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Stack>
  );
}
