/**
 * "Exportar CSV" (and "Exportar Excel", "CSV para Excel": `;`, decimal commas, as Excel in Spanish
 * opens it): every row of the list with its current search, filters and sort, as a file.
 */
import { Button } from '@chakra-ui/react';
import { LuDownload, LuSheet } from 'react-icons/lu';
import { downloadListCsv } from '../../engine/csv-transfer.ts';
import { useMutation } from '../../engine/useMutation.ts';
import type { ListParams } from '../../engine/resources.ts';

/** @example <ExportCsvButton list={params} format="xlsx" /> */
export function ExportCsvButton(p: { list: ListParams; format?: 'csv' | 'xlsx' | 'excel-es' }) {
  const format = p.format ?? 'csv';
  const download = useMutation<ListParams, void>({ mutationFn: (list) => downloadListCsv({ ...list, format }), errorMessage: 'No se pudo exportar la lista' });
  return (
    <Button size="sm" variant="outline" loading={download.isPending} onClick={() => void download.mutate(p.list)}>
      {format === 'csv' ? <LuDownload /> : <LuSheet />} {format === 'xlsx' ? 'Exportar Excel' : format === 'excel-es' ? 'CSV para Excel (;)' : 'Exportar CSV'}
    </Button>
  );
}
