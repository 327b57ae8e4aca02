/**
 * "Importar estado de cuenta bancario" on Cuentas por cobrar and por pagar (list.json `"actions":
 * ["payment-import"]`, issue 26): choose the bank statement CSV, see the preview (a dry run of `POST
 * /api/payments/import?dryRun=1&mode=valid`: each payment it would record with the document's saldo
 * before and after, and the rows with errors by line and column), choose «todo o nada» or «solo
 * filas válidas», import, and see what was recorded. Shares its dialog state, mode choice and error table with the lists' ImportCsvDialog (list/dry-run-import.tsx); the
 * server does every check (server/domain/payments/import-payments.ts).
 */
import { useState } from 'react';
import { Badge, Box, Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { LuLandmark } from 'react-icons/lu';
import { request } from '../../engine/api-client.ts';
import { can, useSession } from '../../engine/session.ts';
import { invalidate } from '../../engine/resources.ts';
import { DialogFrame } from '../ConfirmDialog.tsx';
import { PaymentStatusBadge } from '../PaymentStatusBadge.tsx';
import { date, money } from '../format.ts';
import type { ListActionProps } from '../list/list-actions.ts';
import { ImportErrorsTable, ImportModeChoice, useDryRunImport, type ImportMode } from '../list/dry-run-import.tsx';
import type { PaymentImportPreview, PaymentImportResult } from '../../../core/payment-import.ts';

/** The answer of POST /api/payments/import. */
type PaymentImportReport = PaymentImportResult;
type ImportedRow = PaymentImportPreview;

/** What an import changes: the lists, reports and dashboard that show a saldo. */
const AFFECTED = ['/api/reports/receivables', '/api/reports/payables', '/api/invoice', '/api/debit-note', '/api/received-document', '/api/purchase-settlement', '/api/payments', '/api/dashboard'];

/**
 * Sends a bank statement to the import endpoint.
 * @throws ApiError on a refused file (4xx with the server's Spanish message).
 */
async function importStatement(csv: Blob, mode: ImportMode, dryRun: boolean): Promise<PaymentImportReport> {
  const res = await request<PaymentImportReport>({ method: 'POST', path: '/api/payments/import', query: { mode, dryRun: dryRun ? 1 : undefined }, body: csv, contentType: 'text/csv', kind: 'form' });
  if (!dryRun && res.data.recorded > 0) for (const path of AFFECTED) await invalidate(path);
  return res.data;
}

function Report({ report, done }: { report: PaymentImportReport; done: boolean }) {
  const errorRows = new Set(report.errors.map((e) => e.row)).size;
  const total = report.rows.reduce((s, r) => s + r.valor, 0);
  return (
    <Stack gap="3" data-testid="payment-import-report" data-done={done ? 'true' : 'false'}>
      <Text>
        {done ? 'Pagos registrados' : 'Pagos que se registrarán'}: <b>{report.recorded}</b> por <b>{money(total)}</b> · Filas con errores: <b>{errorRows}</b>
      </Text>
      {report.rows.length > 0 && (
        <Box maxH="260px" overflowY="auto" borderWidth="1px" borderRadius="md">
          <Table.Root size="sm" stickyHeader data-testid="payment-import-rows">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Fila</Table.ColumnHeader>
                <Table.ColumnHeader>Comprobante</Table.ColumnHeader>
                <Table.ColumnHeader>Fecha</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="right">Valor</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="right">Saldo después</Table.ColumnHeader>
                <Table.ColumnHeader>Estado</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {report.rows.map((r) => (
                <Table.Row key={r.row}>
                  <Table.Cell>{r.row}</Table.Cell>
                  <Table.Cell>
                    <Text fontSize="sm">
                      {r.document.documentType} {r.document.numero ?? ''}
                    </Text>
                    <Text fontSize="xs" color="fg.muted">
                      {r.document.razonSocial}
                      {r.referencia ? ` · ${r.referencia}` : ''}
                    </Text>
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{date(r.fecha)}</Table.Cell>
                  <Table.Cell textAlign="right" whiteSpace="nowrap">{money(r.valor)}</Table.Cell>
                  <Table.Cell textAlign="right" whiteSpace="nowrap">{money(r.saldoDespues)}</Table.Cell>
                  <Table.Cell>{r.paymentStatus ? <PaymentStatusBadge status={r.paymentStatus} /> : null}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
      <ImportErrorsTable errors={report.errors} testId="payment-import-errors" maxH="200px" emphasis />
    </Stack>
  );
}

/** The toolbar's import button, shown only to a user who may record payments (the server refuses the others anyway). */
export default function PaymentImportAction(_: ListActionProps) {
  return can(useSession(), 'payment', 'create') ? <PaymentImport /> : null;
}

function PaymentImport() {
  const [open, setOpen] = useState(false);
  const imp = useDryRunImport<PaymentImportReport>({
    send: importStatement,
    count: (report) => report.recorded,
    successMessage: (report) => `Estado de cuenta importado: ${report.recorded} ${report.recorded === 1 ? 'pago registrado' : 'pagos registrados'}`,
    errorMessage: 'No se pudo importar el estado de cuenta',
  });
  const { preview, result, busy } = imp;
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        <LuLandmark /> Importar estado de cuenta bancario
      </Button>
      <DialogFrame
        open={open}
        size="xl"
        title="Importar estado de cuenta bancario"
        cancelLabel={result ? 'Cerrar' : 'Cancelar'}
        action={result ? undefined : { label: 'Registrar pagos', colorPalette: 'blue', busy: busy && Boolean(preview), disabled: imp.blocked, onClick: imp.commit }}
        onClose={() => {
          setOpen(false);
          imp.reset();
        }}
        onCancel={() => setOpen(false)}
      >
        <Stack gap="4">
          <Text fontSize="sm" color="fg.muted">
            Un CSV del banco (separado por «,» o «;») con encabezado: <b>número</b> del comprobante (001-001-000000123) o <b>clave de acceso</b>, <b>fecha</b> (AAAA-MM-DD o DD/MM/AAAA), <b>valor</b>, y opcionalmente <b>forma de pago</b> (tabla 24 del SRI; 20 si falta) y <b>referencia</b>. Sirve para facturas emitidas y recibidas; una fila ya registrada no se registra dos veces.
          </Text>
          <input type="file" accept=".csv,text/csv,text/plain" aria-label="Archivo CSV del estado de cuenta" onChange={(e) => imp.choose(e.target.files?.[0] ?? null)} />
          {busy && !preview && <Text fontSize="sm">Revisando el archivo…</Text>}
          {preview && !result && (
            <>
              <HStack gap="2">
                <Badge colorPalette="blue" variant="subtle">
                  Vista previa
                </Badge>
                <Text fontSize="sm" color="fg.muted">
                  Nada se ha registrado todavía.
                </Text>
              </HStack>
              <Report report={preview} done={false} />
              <ImportModeChoice
                mode={imp.mode}
                onChange={imp.setMode}
                hasErrors={preview.errors.length > 0}
                ariaLabel="Modo de importación"
                blockedText="Con «todo o nada» no se registra ningún pago mientras haya errores: corrija el archivo o elija «solo filas válidas»."
              />
            </>
          )}
          {result && <Report report={result} done />}
        </Stack>
      </DialogFrame>
    </>
  );
}
