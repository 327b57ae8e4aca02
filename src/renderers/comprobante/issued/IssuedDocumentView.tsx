/**
 * An issued comprobante read as a document, not as its editor with greyed inputs (issue 28): the
 * header facts, the lines or the type's own parts, the payments, the información adicional and the
 * totals, all as text from the record (issued-document-model.ts). ComprobanteEditorFrame draws it
 * in place of the editor's sections once the document is issued.
 * @param basePath the type's list route; a nota's modified factura links to its page beside it.
 * @example <IssuedDocumentView record={record} basePath="/invoicing/credit-note" />
 */
import { Link as RouterLink } from 'react-router-dom';
import { Box, Flex, Grid, Link, Stack, Text } from '@chakra-ui/react';
import { useCatalog } from '../../../engine/catalogs.ts';
import { siblingPath } from '../notes/note-links.ts';
import { DocumentFacts, DocumentTable } from './DocumentParts.tsx';
import { destinatarios, headerFacts, infoFacts, lineRows, motivoRows, pagoRows, retencionRows, totalRows, type IssuedRecord } from './issued-document-model.ts';

const LINE_COLUMNS = [{ label: 'Código' }, { label: 'Descripción' }, { label: 'Cantidad', numeric: true }, { label: 'Precio unit.', numeric: true }, { label: 'Descuento', numeric: true }, { label: 'IVA' }, { label: 'Subtotal', numeric: true }];
const RETENCION_COLUMNS = [{ label: 'Documento' }, { label: 'Fecha' }, { label: 'Impuesto' }, { label: 'Código' }, { label: 'Base imponible', numeric: true }, { label: '%', numeric: true }, { label: 'Valor retenido', numeric: true }];

export function IssuedDocumentView({ record, basePath }: { record: IssuedRecord; basePath: string }) {
  const iva = useCatalog('tarifa_iva');
  const formaPago = useCatalog('forma_pago');
  const totals = totalRows(record);
  const pagos = pagoRows(record, formaPago.labelOf);
  const info = infoFacts(record);
  return (
    <Stack gap="4" data-testid="issued-document">
      <DocumentFacts
        facts={headerFacts(record).map((f) => ({
          label: f.label,
          value: f.invoice ? (
            <Link asChild colorPalette="blue" fontWeight="semibold" data-testid="modified-invoice">
              <RouterLink to={`${siblingPath(basePath, 'invoice')}/${encodeURIComponent(f.invoice)}`}>Factura {f.value}</RouterLink>
            </Link>
          ) : (
            f.value
          ),
        }))}
        testId="issued-facts"
      />
      <DocumentTable title="Detalle" columns={LINE_COLUMNS} rows={lineRows(record, iva.labelOf)} testId="issued-lines" />
      <DocumentTable title="Razones" columns={[{ label: 'Razón' }, { label: 'Valor', numeric: true }]} rows={motivoRows(record)} />
      {destinatarios(record).map((d, i) => (
        <Stack key={i} gap="2">
          <DocumentFacts title={`Destinatario ${i + 1}`} facts={d.facts} />
          <DocumentTable title={`Mercadería del destinatario ${i + 1}`} columns={[{ label: 'Código' }, { label: 'Descripción' }, { label: 'Cantidad', numeric: true }]} rows={d.goods} />
        </Stack>
      ))}
      <DocumentTable title="Retenciones" columns={RETENCION_COLUMNS} rows={retencionRows(record)} />
      {(pagos.length > 0 || info.length > 0 || totals.length > 0) && (
        <Grid templateColumns={{ base: '1fr', lg: '2fr 1fr' }} gap="4" alignItems="start">
          <Stack gap="4">
            <DocumentTable title="Formas de pago" columns={[{ label: 'Forma de pago' }, { label: 'Valor', numeric: true }, { label: 'Plazo' }]} rows={pagos} />
            <DocumentFacts title="Información adicional" facts={info} />
          </Stack>
          {totals.length > 0 && (
            <Stack gap="1" borderWidth="1px" borderRadius="md" p="3" bg="bg" aria-label="Totales" data-testid="totals">
              {totals.map((t) => (
                <Flex key={t.label} justify="space-between" gap="4" fontWeight={t.strong ? 'bold' : 'normal'} fontSize={t.strong ? 'lg' : 'sm'} borderTopWidth={t.strong ? '1px' : 0} pt={t.strong ? 1 : 0}>
                  <Text>{t.label}</Text>
                  <Box data-testid={t.strong ? 'importe-total' : undefined}>{t.value}</Box>
                </Flex>
              ))}
            </Stack>
          )}
        </Grid>
      )}
    </Stack>
  );
}
