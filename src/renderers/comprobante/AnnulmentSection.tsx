/**
 * The anulación of an issued comprobante on its panel (DESIGN.md §10): "Solicitar anulación" with the
 * online deadline (day 7 of the next month, or the next business day), the motivo in a confirmation
 * dialog, then the request's state, motivo, who asked and its deadlines, "Consultar anulación" and,
 * before the SRI acts, "Retirar solicitud". With the real SRI (the request was not made in the
 * sandbox's SRI en línea) it lists the steps to take in SRI en línea. A rule that forbids it (a
 * consumidor final factura, the deadline passed) is said instead of the button, with what to do.
 * @example <AnnulmentSection record={view} base="/api/invoice/…" label="Factura" onChanged={setRecord} />
 */
import { useState } from 'react';
import { Alert, Badge, Box, Button, Field, HStack, List, Stack, Text, Textarea } from '@chakra-ui/react';
import { LuBan, LuRefreshCw, LuUndo2 } from 'react-icons/lu';
import { useMutation } from '../../engine/useMutation.ts';
import { DialogFrame } from '../ConfirmDialog.tsx';
import { ANNULMENT_DISPLAY, SRI_EN_LINEA_STEPS, isOpenAnnulment, type Annulment } from '../../../core/annulment.ts';
import { annulmentDeadline, annulmentRefusal } from '../../../core/annulment-rules.ts';
import { guayaquilDate } from '../../../core/guayaquil-date.ts';
import { dateTime } from '../format.ts';

const day = (iso?: string) => (iso ? iso.split('-').reverse().join('/') : '');
const instant = (iso?: string) => dateTime(iso);

interface AnnulmentSectionProps {
  record: Record<string, unknown>;
  /** `/api/{resource}/{_id}`. */
  base: string;
  /** The type's label and number, for the dialog's title ("Factura 001-001-000000123"). */
  title: string;
  onChanged: (record: Record<string, unknown>) => void;
}

export function AnnulmentSection({ record, base, title, onChanged }: AnnulmentSectionProps) {
  const status = String(record.status);
  const codDoc = String(record.codDoc ?? '01');
  const fechaEmision = String(record.fechaEmision ?? '');
  const annulment = (record.annulment as Annulment | null) ?? null;
  const open = isOpenAnnulment(annulment);
  const [asking, setAsking] = useState(false);
  const [motivo, setMotivo] = useState('');

  const request = useMutation({
    request: (m: string) => ({ method: 'POST', path: `${base}/annulment`, body: { motivo: m } }),
    // An annulled document leaves the month's sales: the dashboard asks again.
    invalidates: ['/api/dashboard'],
    success: (r: Record<string, unknown>) => (r.status === 'ANULADA' ? 'El SRI anuló el comprobante' : 'Anulación solicitada'),
    onSuccess: (r: Record<string, unknown>) => {
      setAsking(false);
      setMotivo('');
      onChanged(r);
    },
  });
  const check = useMutation({
    request: () => ({ method: 'POST', path: `${base}/annulment/check`, body: {} }),
    invalidates: ['/api/dashboard'],
    success: (r: Record<string, unknown>) => {
      const a = r.annulment as Annulment | null;
      return a ? `El SRI responde ${a.sriEstado ?? 'sin datos'}: ${ANNULMENT_DISPLAY[a.state].label.toLowerCase()}` : undefined;
    },
    onSuccess: (r: Record<string, unknown>) => onChanged(r),
  });
  const withdraw = useMutation({
    request: () => ({ method: 'DELETE', path: `${base}/annulment` }),
    invalidates: ['/api/dashboard'],
    success: 'Solicitud de anulación retirada',
    onSuccess: (r: Record<string, unknown>) => onChanged(r),
  });

  if (status !== 'AUTORIZADA' && !annulment) return null;
  const today = guayaquilDate(new Date());
  const deadline = fechaEmision ? annulmentDeadline(fechaEmision) : '';
  const refusal = status === 'AUTORIZADA' && !open ? annulmentRefusal({ codDoc, status, fechaEmision, identificacionReceptor: String(record.identificacionComprador ?? ''), annulment }, today) : null;
  const receiverAccepts = ['04', '05', '07'].includes(codDoc);

  return (
    <Stack gap="2" borderTopWidth="1px" pt="3" data-testid="annulment">
      {annulment && (
        <Stack gap="1">
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="semibold">Anulación</Text>
            <Badge colorPalette={ANNULMENT_DISPLAY[annulment.state].color} variant="subtle" data-testid="annulment-state" data-state={annulment.state}>
              {ANNULMENT_DISPLAY[annulment.state].label}
            </Badge>
          </HStack>
          <Text fontSize="sm">Motivo: {annulment.motivo}</Text>
          <Text fontSize="sm" color="fg.muted">
            Solicitada el {instant(annulment.requestedAt)}
            {annulment.requestedByName ? ` por ${annulment.requestedByName}` : ''}. Plazo para anular en línea: hasta el {day(annulment.deadline)}.
            {annulment.acceptanceDeadline ? ` El receptor debe aceptarla hasta el ${day(annulment.acceptanceDeadline)}.` : ''}
          </Text>
          {annulment.checkedAt && (
            <Text fontSize="xs" color="fg.muted">
              Última consulta al SRI: {instant(annulment.checkedAt)}
              {annulment.sriEstado ? ` (responde ${annulment.sriEstado})` : ''}
            </Text>
          )}
          {annulment.state === 'RECHAZADA' && <Text fontSize="sm">El receptor rechazó la anulación: el comprobante sigue vigente.</Text>}
          {annulment.state === 'CADUCADA' && <Text fontSize="sm">Nadie respondió a tiempo: el comprobante sigue vigente.</Text>}
          {open && !annulment.sandboxPortal && annulment.state === 'SOLICITADA' && (
            <Alert.Root status="info" data-testid="sri-en-linea-steps">
              <Alert.Indicator />
              <Stack gap="1">
                <Alert.Title>Complete la anulación en SRI en línea</Alert.Title>
                <List.Root as="ol" fontSize="sm" ps="4">
                  {SRI_EN_LINEA_STEPS.map((s) => (
                    <List.Item key={s}>{s}</List.Item>
                  ))}
                </List.Root>
              </Stack>
            </Alert.Root>
          )}
          {open && (
            <HStack gap="2" wrap="wrap">
              <Button size="sm" variant="outline" loading={check.isPending} onClick={() => void check.mutate()}>
                <LuRefreshCw /> Consultar anulación
              </Button>
              {annulment.state === 'SOLICITADA' && (
                <Button size="sm" variant="ghost" loading={withdraw.isPending} onClick={() => void withdraw.mutate()}>
                  <LuUndo2 /> Retirar solicitud
                </Button>
              )}
            </HStack>
          )}
        </Stack>
      )}
      {status === 'AUTORIZADA' && !open && (
        <Box>
          {refusal ? (
            <Text fontSize="sm" color="fg.muted" data-testid="annulment-refusal">
              {refusal.message}
            </Text>
          ) : (
            <HStack gap="3" wrap="wrap">
              <Button size="sm" variant="outline" colorPalette="red" onClick={() => setAsking(true)}>
                <LuBan /> Solicitar anulación
              </Button>
              <Text fontSize="sm" color="fg.muted" data-testid="annulment-deadline">
                Se puede anular en línea hasta el {day(deadline)}.
              </Text>
            </HStack>
          )}
        </Box>
      )}
      <DialogFrame
        open={asking}
        role="alertdialog"
        title={`Solicitar anulación: ${title}`}
        onClose={() => setAsking(false)}
        action={{ label: 'Solicitar anulación', colorPalette: 'red', busy: request.isPending, disabled: !motivo.trim(), onClick: () => void request.mutate(motivo.trim()) }}
      >
        <Stack gap="3">
          <Text fontSize="sm">
            El SRI permite anular este comprobante en línea hasta el <strong>{day(deadline)}</strong> (día 7 del mes siguiente a la emisión, o el siguiente día hábil).
            {receiverAccepts ? ' El receptor debe aceptar la anulación en SRI en línea dentro de 5 días hábiles; si no responde, el comprobante sigue vigente.' : ''}
          </Text>
          <Text fontSize="sm">Un comprobante anulado deja de tener validez tributaria y no se puede recuperar; su secuencial no se vuelve a usar.</Text>
          <Field.Root required>
            <Field.Label>Motivo</Field.Label>
            <Textarea size="sm" rows={2} maxLength={300} placeholder="Error en los datos del comprador, operación que no se realizó…" value={motivo} onChange={(e) => setMotivo(e.target.value)} />
          </Field.Root>
        </Stack>
      </DialogFrame>
    </Stack>
  );
}
