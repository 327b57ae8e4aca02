/**
 * What an issued comprobante of any type offers (factura, nota de crédito, nota de débito): its
 * status and SRI messages, the access key, downloads (signed XML, authorisation XML, RIDE), a RIDE
 * preview, resend by e-mail, asking the SRI again, and the anulación (AnnulmentSection.tsx); `actions`
 * adds the type's own buttons (the factura's "Emitir nota de crédito").
 * @example <IssuedPanel record={view} apiPath="/api/credit-note" meta={COMPROBANTE_TYPE_META['04']} onChanged={setRecord} />
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Box, Button, Code, HStack, Stack, Text } from '@chakra-ui/react';
import { LuDownload, LuEye, LuRefreshCw, LuSend } from 'react-icons/lu';
import { fetchBlob } from '../../engine/api-client.ts';
import { useMutation } from '../../engine/useMutation.ts';
import { StatusBadge } from '../StatusBadge.tsx';
import { DialogFrame } from '../ConfirmDialog.tsx';
import { AnnulmentSection } from './AnnulmentSection.tsx';
import { isWaitingForSri } from '../../../core/comprobante-status.ts';
import type { ComprobanteTypeMeta } from '../../../core/comprobante-types.ts';
import { dateTime } from '../format.ts';

type Mensaje = { identificador: string; mensaje: string; informacionAdicional?: string; tipo: string };

/** Save a fetched file under `filename` (the browser's download). */
export function saveAs(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Download an API file; busy while it comes, a notification when it cannot. */
const useDownload = () =>
  useMutation<{ path: string; filename: string }, void>({
    mutationFn: async ({ path, filename }) => saveAs(await fetchBlob(path), filename),
    errorMessage: 'No se pudo descargar',
  });

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

interface IssuedPanelProps {
  /** The API view of the issued comprobante. */
  record: Record<string, unknown>;
  /** Where its type lives (`/api/invoice`, `/api/credit-note`…). */
  apiPath: string;
  /** Its type's label and file names (core/comprobante-types.ts). */
  meta: Pick<ComprobanteTypeMeta, 'label' | 'fileStem' | 'gender'>;
  /** The answer of "Consultar autorización" or of an anulación step (the comprobante's new state). */
  onChanged: (record: Record<string, unknown>) => void;
  /** The type's own buttons, after the downloads. */
  actions?: ReactNode;
}

export function IssuedPanel({ record, apiPath, meta, onChanged, actions }: IssuedPanelProps) {
  const id = String(record._id);
  const base = `${apiPath}/${encodeURIComponent(id)}`;
  const status = String(record.status);
  const numero = String(record.numero ?? '');
  const mensajes = (record.mensajes as Mensaje[]) ?? [];
  const { url: preview, show: showPreview, clear: closePreview } = useObjectUrl();
  const ride = useDownload();
  const xml = useDownload();
  const authXml = useDownload();
  const openPreview = useMutation({ mutationFn: async () => showPreview(await fetchBlob(`${base}/pdf`)) });
  const email = useMutation({
    request: () => ({ method: 'POST', path: `${base}/email`, body: {} }),
    success: (r: { message: string }) => r.message,
  });
  const authorize = useMutation({
    request: () => ({ method: 'POST', path: `${base}/authorize`, body: {} }),
    onSuccess: (next: Record<string, unknown>) => onChanged(next),
  });
  const pending = isWaitingForSri(status);
  return (
    <Stack gap="3" borderWidth="1px" borderRadius="md" p="4" bg="bg" data-testid="issued-panel">
      <HStack gap="3" wrap="wrap">
        <Text fontWeight="bold" fontSize="lg">
          {meta.label} {numero}
        </Text>
        <StatusBadge status={status} />
        {typeof record.fechaAutorizacion === 'string' && <Text fontSize="sm">Autorizada el {dateTime(record.fechaAutorizacion)}</Text>}
      </HStack>
      <Box>
        <Text fontSize="xs" color="fg.muted">
          Clave de acceso
        </Text>
        <Code wordBreak="break-all" data-testid="clave-acceso">
          {String(record.claveAcceso ?? '')}
        </Code>
      </Box>
      {pending && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Description>El SRI aún no responde con la autorización; Emite sigue consultando. Puede pedirla de nuevo.</Alert.Description>
        </Alert.Root>
      )}
      {mensajes.length > 0 && (
        <Alert.Root status={status === 'AUTORIZADA' || status === 'ANULADA' ? 'info' : 'error'}>
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
        <Button size="sm" variant="outline" onClick={() => void ride.mutate({ path: `${base}/pdf?download=true`, filename: `RIDE-${numero}.pdf` })} loading={ride.isPending}>
          <LuDownload /> RIDE (PDF)
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => void openPreview.mutate()}
          loading={openPreview.isPending}
        >
          <LuEye /> Ver RIDE
        </Button>
        <Button size="sm" variant="outline" onClick={() => void xml.mutate({ path: `${base}/xml`, filename: `${meta.fileStem}-${numero}.xml` })}>
          <LuDownload /> XML firmado
        </Button>
        {status === 'AUTORIZADA' && (
          <>
            <Button size="sm" variant="outline" onClick={() => void authXml.mutate({ path: `${base}/xml?format=autorizacion`, filename: `autorizacion-${numero}.xml` })}>
              <LuDownload /> XML autorizado
            </Button>
            <Button
              size="sm"
              variant="outline"
              loading={email.isPending}
              onClick={() => void email.mutate()}
            >
              <LuSend /> Reenviar por correo
            </Button>
          </>
        )}
        {pending && (
          <Button
            size="sm"
            colorPalette="blue"
            loading={authorize.isPending}
            onClick={() => void authorize.mutate()}
          >
            <LuRefreshCw /> Consultar autorización
          </Button>
        )}
        {actions}
      </HStack>
      <AnnulmentSection record={record} base={base} title={`${meta.label} ${numero}`} onChanged={onChanged} />
      <DialogFrame open={Boolean(preview)} title={`RIDE ${numero}`} size="xl" cancelLabel="Cerrar" onClose={closePreview}>
        {preview && <iframe title={`RIDE ${numero}`} src={preview} style={{ width: '100%', height: '70vh', border: 0 }} />}
      </DialogFrame>
    </Stack>
  );
}
