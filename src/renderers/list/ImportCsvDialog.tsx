/**
 * "Importar CSV" for lists whose list.json says `"import": true` (products, customers): choose a
 * file, see the preview (a dry run: rows to create and update, and the rows with errors, by line
 * and column), choose "todo o nada" or "solo filas válidas", import, and see the result. The
 * template (the header row) is one click away.
 */
import { useState } from 'react';
import { Box, Button, HStack, RadioGroup, Stack, Table, Text } from '@chakra-ui/react';
import { LuUpload } from 'react-icons/lu';
import { downloadImportTemplate, importCsv, type ImportReport } from '../../engine/csv-transfer.ts';
import { useMutation } from '../../engine/useMutation.ts';
import type { ResourceParams } from '../../engine/resources.ts';
import { DialogFrame } from '../ConfirmDialog.tsx';

type Mode = 'all' | 'valid';

function Report({ report, done }: { report: ImportReport; done: boolean }) {
  const verb = done ? ['Creados', 'Actualizados'] : ['Se crearán', 'Se actualizarán'];
  return (
    <Stack gap="2" data-testid="import-report">
      <Text>
        {verb[0]}: <b>{report.created}</b> · {verb[1]}: <b>{report.updated}</b> · Filas con errores: <b>{new Set(report.errors.map((e) => e.row)).size}</b>
      </Text>
      {report.errors.length > 0 && (
        <Box maxH="240px" overflowY="auto" borderWidth="1px" borderRadius="md">
          <Table.Root size="sm" data-testid="import-errors">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Fila</Table.ColumnHeader>
                <Table.ColumnHeader>Columna</Table.ColumnHeader>
                <Table.ColumnHeader>Error</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {report.errors.map((e, i) => (
                <Table.Row key={i}>
                  <Table.Cell>{e.row}</Table.Cell>
                  <Table.Cell>{e.column}</Table.Cell>
                  <Table.Cell>{e.message}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
    </Stack>
  );
}

export function ImportCsvButton(p: { resource: ResourceParams; title: string }) {
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<Mode>('all');
  const [preview, setPreview] = useState<ImportReport | null>(null);
  const [result, setResult] = useState<ImportReport | null>(null);

  const reset = () => {
    setFile(null);
    setPreview(null);
    setResult(null);
    setMode('all');
  };
  const importing = useMutation<{ dryRun: boolean; chosen: File; m: Mode }, ImportReport>({
    mutationFn: ({ dryRun, chosen, m }) => importCsv({ ...p.resource, csv: chosen, mode: m, dryRun }),
    onSuccess: (report, { dryRun }) => (dryRun ? setPreview(report) : setResult(report)),
    success: (report, { dryRun }) =>
      !dryRun && report.created + report.updated > 0 ? `Importación terminada: ${report.created} creados, ${report.updated} actualizados` : undefined,
    errorMessage: 'No se pudo importar el archivo',
  });
  const busy = importing.isPending;
  const run = (dryRun: boolean, chosen: File, m: Mode) => importing.mutate({ dryRun, chosen, m });
  // The preview counts what "solo filas válidas" would save; "todo o nada" saves them only without errors.
  const choose = (chosen: File | null) => {
    setFile(chosen);
    setPreview(null);
    setResult(null);
    if (chosen) void run(true, chosen, 'valid');
  };
  const blocked = !preview || (mode === 'all' && preview.errors.length > 0) || preview.created + preview.updated === 0;

  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        <LuUpload /> Importar CSV
      </Button>
      <DialogFrame
        open={open}
        size="lg"
        title={`Importar ${p.title.toLowerCase()} desde CSV`}
        cancelLabel={result ? 'Cerrar' : 'Cancelar'}
        action={result ? undefined : { label: 'Importar', colorPalette: 'blue', busy: busy && Boolean(preview), disabled: blocked, onClick: () => file && void run(false, file, mode) }}
        onClose={() => {
          setOpen(false);
          reset();
        }}
        onCancel={() => setOpen(false)}
      >
        <Stack gap="4">
          <Text fontSize="sm" color="fg.muted">
            La primera fila nombra las columnas (los títulos de la plantilla o de la exportación). Separador «,» o «;». Un registro que ya existe se actualiza.
          </Text>
          <HStack gap="3" wrap="wrap">
            <input type="file" accept=".csv,text/csv" aria-label="Archivo CSV" onChange={(e) => choose(e.target.files?.[0] ?? null)} />
            <Button size="xs" variant="ghost" onClick={() => void downloadImportTemplate(p.resource)}>
              Descargar plantilla
            </Button>
          </HStack>
          {busy && !preview && <Text fontSize="sm">Revisando el archivo…</Text>}
          {preview && !result && (
            <>
              <Report report={preview} done={false} />
              <RadioGroup.Root value={mode} onValueChange={(e) => setMode(e.value as Mode)} size="sm">
                <HStack gap="4">
                  {(
                    [
                      ['all', 'Todo o nada'],
                      ['valid', 'Solo filas válidas'],
                    ] as const
                  ).map(([value, label]) => (
                    <RadioGroup.Item key={value} value={value}>
                      <RadioGroup.ItemHiddenInput />
                      <RadioGroup.ItemIndicator />
                      <RadioGroup.ItemText>{label}</RadioGroup.ItemText>
                    </RadioGroup.Item>
                  ))}
                </HStack>
              </RadioGroup.Root>
              {mode === 'all' && preview.errors.length > 0 && (
                <Text fontSize="sm" color="fg.error">
                  Con «todo o nada» no se guarda nada mientras haya errores: corrija el archivo o elija «solo filas válidas».
                </Text>
              )}
            </>
          )}
          {result && <Report report={result} done />}
        </Stack>
      </DialogFrame>
    </>
  );
}
