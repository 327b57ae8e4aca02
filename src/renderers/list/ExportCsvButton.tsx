/** "Exportar CSV": every row of the list with its current search, filters and sort, as a file. */
import { Button } from '@chakra-ui/react';
import { LuDownload } from 'react-icons/lu';
import { downloadListCsv } from '../../engine/csv-transfer.ts';
import { useMutation } from '../../engine/useMutation.ts';
import type { ListParams } from '../../engine/resources.ts';

export function ExportCsvButton(p: { list: ListParams }) {
  const download = useMutation<ListParams, void>({ mutationFn: downloadListCsv, errorMessage: 'No se pudo exportar la lista' });
  return (
    <Button size="sm" variant="outline" loading={download.isPending} onClick={() => void download.mutate(p.list)}>
      <LuDownload /> Exportar CSV
    </Button>
  );
}
