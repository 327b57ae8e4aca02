/**
 * One received comprobante: who issued it, its number, dates and SRI authorisation, the totals per
 * tax rate and its lines (or, for a retención, what it withholds), with "Descargar XML" and, for a
 * factura not yet withheld, "Emitir retención" (the withholding editor, with this document as its
 * sustento). Read-only: the values are the authorised XML's.
 * @example <ReceivedDocumentDetail id={id} basePath="/purchases/received-document" />
 */
import { Link as RouterLink } from 'react-router-dom';
import { Badge, Box, Button, Card, Code, DataList, Flex, Heading, HStack, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { LuArrowLeft, LuDownload, LuReceipt, LuShieldCheck } from 'react-icons/lu';
import { fetchBlob } from '../../engine/api-client.ts';
import { useRecord } from '../../engine/resources.ts';
import { useMutation } from '../../engine/useMutation.ts';
import { saveAs } from '../comprobante/IssuedPanel.tsx';
import { StatusBadge } from '../StatusBadge.tsx';
import { date, dateTime } from '../format.ts';
import { RECEIVED_API, typeLabel } from './received-model.ts';
import type { ReceivedView } from '../../../core/received-view.ts';
import { ReceivedLines, ReceivedTotals, RetencionSustentos } from './ReceivedSections.tsx';

/** Where the withholding editor opens with a received factura as its sustento (built by the withholding screens). */
export const withholdingFromReceived = (id: string) => `/purchases/withholding/new?receivedDocument=${encodeURIComponent(id)}`;

export function ReceivedDocumentDetail({ id, basePath }: { id: string; basePath: string }) {
  const { record: doc, isLoading, refresh } = useRecord<ReceivedView>({ resource: 'received-document', id });
  const download = useMutation({
    mutationFn: async (d: ReceivedView) => saveAs(await fetchBlob(`${RECEIVED_API}/${encodeURIComponent(d._id)}/xml`), `recibido-${d.codDoc}-${d.numero}.xml`),
    errorMessage: 'No se pudo descargar el XML',
  });
  // DESIGN.md §10: ask the SRI for the key; once confirmed the stored XML is the SRI's.
  const confirm = useMutation<ReceivedView, ReceivedView>({
    request: (d) => ({ method: 'POST', path: `${RECEIVED_API}/${encodeURIComponent(d._id)}/confirm` }),
    success: (r) => (r.confirmado ? 'Comprobante confirmado con el SRI' : undefined),
    errorMessage: 'No se pudo consultar al SRI',
    invalidates: [RECEIVED_API],
    onSuccess: () => refresh(),
  });
  const back = (
    <Button asChild size="sm" variant="outline">
      <RouterLink to={basePath}>
        <LuArrowLeft /> Volver a la lista
      </RouterLink>
    </Button>
  );
  if (isLoading) {
    return (
      <Flex justify="center" py="10">
        <Spinner aria-label="Cargando" />
      </Flex>
    );
  }
  if (!doc) {
    return (
      <Stack gap="3" align="flex-start">
        <Text>No se encontró el comprobante recibido.</Text>
        {back}
      </Stack>
    );
  }
  const annulled = doc.sriEstado === 'ANULADO';
  const canWithhold = doc.codDoc === '01' && !doc.withheld && !annulled;
  return (
    <Stack gap="4" data-testid="received-detail">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <HStack gap="3" wrap="wrap">
          <Heading as="h2" size="lg">
            {typeLabel(doc.codDoc)} {doc.numero}
          </Heading>
          {doc.codDoc === '01' && (
            <Badge colorPalette={doc.withheld ? 'green' : 'gray'} variant="subtle" data-testid="withheld-badge">
              {doc.withheld ? 'Retenida' : 'Sin retención'}
            </Badge>
          )}
          <SriBadge doc={doc} />
        </HStack>
        <HStack gap="2" wrap="wrap">
          {back}
          <Button size="sm" variant="outline" onClick={() => void download.mutate(doc)} loading={download.isPending}>
            <LuDownload /> Descargar XML
          </Button>
          {!doc.confirmado && (
            <Button size="sm" colorPalette="orange" onClick={() => void confirm.mutate(doc)} loading={confirm.isPending} data-testid="confirm-sri">
              <LuShieldCheck /> Confirmar con el SRI
            </Button>
          )}
          {canWithhold && (
            <Button asChild size="sm" colorPalette="blue">
              <RouterLink to={withholdingFromReceived(doc._id)}>
                <LuReceipt /> Emitir retención
              </RouterLink>
            </Button>
          )}
        </HStack>
      </HStack>

      {!doc.confirmado && (
        <Box borderWidth="1px" borderColor="orange.muted" bg="orange.subtle" rounded="md" p="3" data-testid="unconfirmed-note">
          <Text fontSize="sm">
            Este comprobante se registró desde un XML y el SRI aún no lo ha confirmado: no cuenta en el ATS, los formularios, los libros ni las cuentas por pagar hasta que el SRI devuelva la misma clave autorizada con este mismo contenido. Se vuelve a consultar cada día.
          </Text>
          {doc.confirmMessage && (
            <Text fontSize="sm" mt="1" color="fg.error" data-testid="confirm-message">
              {doc.confirmMessage}
            </Text>
          )}
        </Box>
      )}

      <Card.Root>
        <Card.Body>
          <Flex gap="8" wrap="wrap">
            <DataList.Root orientation="vertical" gap="3" flex="1" minW="260px">
              <Item label="Emisor" testId="emisor">
                <Text fontWeight="semibold">{doc.razonSocialEmisor}</Text>
                <Text fontSize="sm">RUC {doc.rucEmisor}</Text>
                {doc.detail.dirMatriz && (
                  <Text fontSize="sm" color="fg.muted">
                    {doc.detail.dirMatriz}
                  </Text>
                )}
              </Item>
              <Item label={doc.codDoc === '07' ? 'Sujeto retenido' : 'Comprador'}>
                {doc.razonSocialComprador} ({doc.identificacionComprador})
              </Item>
            </DataList.Root>
            <DataList.Root orientation="vertical" gap="3" flex="1" minW="260px">
              <Item label="Fecha de emisión">{date(doc.fechaEmision)}</Item>
              <Item label="Autorización">
                {doc.fechaAutorizacion ? `${dateTime(doc.fechaAutorizacion)} · ` : ''}
                {doc.numeroAutorizacion ?? 'Registrado desde el XML, sin datos de autorización'}
              </Item>
              <Item label="Clave de acceso">
                <Code wordBreak="break-all" fontSize="xs" data-testid="received-clave">
                  {doc.claveAcceso}
                </Code>
              </Item>
              {doc.detail.numDocModificado && (
                <Item label="Comprobante que modifica">
                  Factura {doc.detail.numDocModificado}
                  {doc.detail.motivo ? ` · ${doc.detail.motivo}` : ''}
                </Item>
              )}
              {doc.codDoc === '07' && (
                <Item label="Factura nuestra que retiene">
                  {doc.relatedInvoice ? (
                    <Link asChild colorPalette="blue">
                      <RouterLink to={`/invoicing/invoice/${encodeURIComponent(doc.relatedInvoice)}`}>Ver la factura</RouterLink>
                    </Link>
                  ) : (
                    'No se encontró entre sus facturas'
                  )}
                </Item>
              )}
            </DataList.Root>
          </Flex>
        </Card.Body>
      </Card.Root>

      {doc.codDoc === '07' ? <RetencionSustentos doc={doc} /> : <ReceivedTotals doc={doc} />}
      {doc.detail.detalles?.length ? <ReceivedLines detalles={doc.detail.detalles} /> : null}

      {doc.withholdings.length > 0 && (
        <Box>
          <Text fontWeight="semibold" mb="1">
            Retenciones emitidas sobre este comprobante
          </Text>
          <Stack gap="1">
            {doc.withholdings.map((w) => (
              <HStack key={w._id} gap="2">
                <Link asChild colorPalette="blue">
                  <RouterLink to={`/purchases/withholding/${encodeURIComponent(w._id)}`}>{w.numero ?? 'Borrador'}</RouterLink>
                </Link>
                <StatusBadge status={w.status} />
              </HStack>
            ))}
          </Stack>
        </Box>
      )}
    </Stack>
  );
}

function Item({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue data-testid={testId}>
        <Box>{children}</Box>
      </DataList.ItemValue>
    </DataList.Item>
  );
}

/** "Sin confirmar con el SRI" (orange), "Confirmado con el SRI" (green), or the SRI's annulment (red). */
export function SriBadge({ doc }: { doc: Pick<ReceivedView, 'confirmado' | 'sriEstado'> }) {
  if (doc.sriEstado === 'ANULADO') {
    return (
      <Badge colorPalette="red" variant="subtle" data-testid="sri-badge">
        Anulado en el SRI
      </Badge>
    );
  }
  return (
    <Badge colorPalette={doc.confirmado ? 'green' : 'orange'} variant="subtle" data-testid="sri-badge">
      {doc.confirmado ? 'Confirmado con el SRI' : 'Sin confirmar con el SRI'}
    </Badge>
  );
}
