/**
 * "Importar CSV" for lists whose list.json says `"import": true` (products, customers): choose a
 * file, see the preview (a dry run: rows to create and update, and the rows with errors, by line
 * and column), choose "todo o nada" or "solo filas válidas", import, and see the result. The
 * template (the header row) is one click away.
 */
import { useState } from 'react';
import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { LuUpload } from 'react-icons/lu';
import { downloadImportTemplate, importCsv, type ImportReport } from '../../engine/csv-transfer.ts';
import type { ResourceParams } from '../../engine/resources.ts';
import { DialogFrame } from '../ConfirmDialog.tsx';
import { ImportErrorsTable, ImportModeChoice, useDryRunImport } from './dry-run-import.tsx';
import { plural } from '../format.ts';

function Report({ report, done }: { report: ImportReport; done: boolean }) {
  const verb = done ? ['Creados', 'Actualizados'] : ['Se crearán', 'Se actualizarán'];
  return (
    <Stack gap="2" data-testid="import-report">
      <Text>
        {verb[0]}: <b>{report.created}</b> · {verb[1]}: <b>{report.updated}</b> · Filas con errores: <b>{new Set(report.errors.map((e) => e.row)).size}</b>
      </Text>
      <ImportErrorsTable errors={report.errors} testId="import-errors" maxH="240px" />
    </Stack>
  );
}

export function ImportCsvButton(p: { resource: ResourceParams; title: string }) {
  const [open, setOpen] = useState(false);
  const imp = useDryRunImport<ImportReport>({
    send: (csv, mode, dryRun) => importCsv({ ...p.resource, csv, mode, dryRun }),
    count: (report) => report.created + report.updated,
    successMessage: (report) => `Importación terminada: ${plural(report.created, 'creado', 'creados')}, ${plural(report.updated, 'actualizado', 'actualizados')}`,
    errorMessage: 'No se pudo importar el archivo',
  });
  const { preview, result, busy } = imp;

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
        action={result ? undefined : { label: 'Importar', colorPalette: 'blue', busy: busy && Boolean(preview), disabled: imp.blocked, onClick: imp.commit }}
        onClose={() => {
          setOpen(false);
          imp.reset();
        }}
        onCancel={() => setOpen(false)}
      >
        <Stack gap="4">
          <Text fontSize="sm" color="fg.muted">
            La primera fila nombra las columnas (los títulos de la plantilla o de la exportación). Separador «,» o «;». Un registro que ya existe se actualiza.
          </Text>
          <HStack gap="3" wrap="wrap">
            <input type="file" accept=".csv,text/csv" aria-label="Archivo CSV" onChange={(e) => imp.choose(e.target.files?.[0] ?? null)} />
            <Button size="xs" variant="ghost" onClick={() => void downloadImportTemplate(p.resource)}>
              Descargar plantilla
            </Button>
          </HStack>
          {busy && !preview && <Text fontSize="sm">Revisando el archivo…</Text>}
          {preview && !result && (
            <>
              <Report report={preview} done={false} />
              <ImportModeChoice
                mode={imp.mode}
                onChange={imp.setMode}
                hasErrors={preview.errors.length > 0}
                blockedText="Con «todo o nada» no se guarda nada mientras haya errores: corrija el archivo o elija «solo filas válidas»."
              />
            </>
          )}
          {result && <Report report={result} done />}
        </Stack>
      </DialogFrame>
    </>
  );
}
