/** "Exportar CSV": every row of the list with its current search, filters and sort, as a file. */
import { useState } from 'react';
import { Button } from '@chakra-ui/react';
import { LuDownload } from 'react-icons/lu';
import { downloadListCsv } from '../../engine/csv-transfer.ts';
import type { ListParams } from '../../engine/resources.ts';

export function ExportCsvButton(p: { list: ListParams }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadListCsv(p.list);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="sm" variant="outline" loading={busy} onClick={download}>
      <LuDownload /> Exportar CSV
    </Button>
  );
}
