/**
 * What every file import with a preview shares (the lists' "Importar CSV", ImportCsvDialog.tsx, and
 * the bank statement, receivables/PaymentImportAction.tsx): choosing a file runs a dry run in
 * «solo filas válidas» mode; the user then picks «todo o nada» or «solo filas válidas» and imports;
 * «todo o nada» is blocked while the preview has errors. The server does every check; this holds the
 * dialog's state, the mode choice and the table of errors by line and column.
 */
import { useState } from 'react';
import { Box, HStack, RadioGroup, Table, Text } from '@chakra-ui/react';
import { useMutation } from '../../engine/useMutation.ts';

export type ImportMode = 'all' | 'valid';

/** One refused cell or row of an import: line in the file (header = 1), its column, the Spanish message. */
export interface ImportError {
  row: number;
  column: string;
  message: string;
}

interface DryRunImportOptions<R extends { errors: ImportError[] }> {
  /** Sends the file; `dryRun` only previews. @throws ApiError with the server's Spanish message. */
  send: (file: File, mode: ImportMode, dryRun: boolean) => Promise<R>;
  /** How many records the report saves (or would save). */
  count: (report: R) => number;
  /** The notice after a real import that saved something. */
  successMessage: (report: R) => string;
  errorMessage: string;
}

/**
 * @example const imp = useDryRunImport({ send, count: (r) => r.recorded, successMessage, errorMessage: 'No se pudo importar' });
 * <input type="file" onChange={(e) => imp.choose(e.target.files?.[0] ?? null)} /> … imp.commit()
 */
export function useDryRunImport<R extends { errors: ImportError[] }>(o: DryRunImportOptions<R>) {
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<ImportMode>('all');
  const [preview, setPreview] = useState<R | null>(null);
  const [result, setResult] = useState<R | null>(null);
  const importing = useMutation<{ dryRun: boolean; chosen: File; m: ImportMode }, R>({
    mutationFn: ({ dryRun, chosen, m }) => o.send(chosen, m, dryRun),
    onSuccess: (report, { dryRun }) => (dryRun ? setPreview(report) : setResult(report)),
    success: (report, { dryRun }) => (!dryRun && o.count(report) > 0 ? o.successMessage(report) : undefined),
    errorMessage: o.errorMessage,
  });
  const run = (dryRun: boolean, chosen: File, m: ImportMode) => importing.mutate({ dryRun, chosen, m });
  return {
    mode,
    setMode,
    preview,
    result,
    busy: importing.isPending,
    /** Nothing to import yet, or «todo o nada» with errors, or nothing the file would save. */
    blocked: !preview || (mode === 'all' && preview.errors.length > 0) || o.count(preview) === 0,
    /** A new file: the preview counts what «solo filas válidas» would save. */
    choose(chosen: File | null) {
      setFile(chosen);
      setPreview(null);
      setResult(null);
      if (chosen) void run(true, chosen, 'valid');
    },
    commit() {
      if (file) void run(false, file, mode);
    },
    reset() {
      setFile(null);
      setPreview(null);
      setResult(null);
      setMode('all');
    },
  };
}

/** «Todo o nada» / «Solo filas válidas», and why nothing is saved while the preview has errors. */
export function ImportModeChoice(p: { mode: ImportMode; onChange: (mode: ImportMode) => void; hasErrors: boolean; blockedText: string; ariaLabel?: string }) {
  return (
    <>
      <RadioGroup.Root value={p.mode} onValueChange={(e) => p.onChange(e.value as ImportMode)} size="sm" aria-label={p.ariaLabel}>
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
      {p.mode === 'all' && p.hasErrors && (
        <Text fontSize="sm" color="fg.error">
          {p.blockedText}
        </Text>
      )}
    </>
  );
}

/** The rows a file import refused: Fila, Columna, Error. Nothing when there are none. */
export function ImportErrorsTable(p: { errors: ImportError[]; testId: string; maxH: string; emphasis?: boolean }) {
  if (p.errors.length === 0) return null;
  return (
    <Box maxH={p.maxH} overflowY="auto" borderWidth="1px" borderRadius="md" borderColor={p.emphasis ? 'border.error' : undefined}>
      <Table.Root size="sm" data-testid={p.testId}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Fila</Table.ColumnHeader>
            <Table.ColumnHeader>Columna</Table.ColumnHeader>
            <Table.ColumnHeader>Error</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {p.errors.map((e, i) => (
            <Table.Row key={i}>
              <Table.Cell>{e.row}</Table.Cell>
              <Table.Cell>{e.column}</Table.Cell>
              <Table.Cell color={p.emphasis ? 'fg.error' : undefined}>{e.message}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
