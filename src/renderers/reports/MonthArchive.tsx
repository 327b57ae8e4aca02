/**
 * Contabilidad > Archivo del mes (`x-renderer: "month-archive"`, DESIGN.md §11): one zip with the
 * authorised XML and the RIDE of every comprobante of the month, issued and received, by type. The
 * server streams it (it never holds the month in memory); the page, which must send the session's
 * token, collects the response as a Blob and saves it when the last byte has arrived (Chromium keeps
 * a large Blob on disk). A download link with a short-lived token would save as it arrives.
 */
import { Button, Card, Flex, Heading, List, Stack, Text } from '@chakra-ui/react';
import { LuFileArchive } from 'react-icons/lu';
import { downloadFile } from '../../engine/csv-transfer.ts';
import { useMutation } from '../../engine/useMutation.ts';
import { PeriodPicker } from './PeriodPicker.tsx';
import { monthName, usePeriod } from './usePeriod.ts';

export default function MonthArchive() {
  const [period, setPeriod] = usePeriod();
  const download = useMutation<string, void>({ mutationFn: (p) => downloadFile({ path: '/api/reports/archive', query: { period: p }, fallback: `comprobantes-${p}.zip` }) });
  return (
    <Stack gap="5">
      <Flex justify="space-between" align="center" wrap="wrap" gap="3">
        <Stack gap="0">
          <Heading size="lg">Archivo del mes</Heading>
          <Text color="fg.muted">Los comprobantes de {monthName(period)} en un solo archivo, para guardarlos los 7 años que exige el SRI.</Text>
        </Stack>
        <PeriodPicker period={period} onChange={setPeriod} />
      </Flex>
      <Card.Root>
        <Card.Body>
          <Stack gap="4">
            <Text>El zip contiene, por cada comprobante autorizado del mes:</Text>
            <List.Root ps="5">
              <List.Item>el XML autorizado por el SRI y su RIDE en PDF;</List.Item>
              <List.Item>
                en carpetas <b>emitidos/</b> y <b>recibidos/</b>, y dentro una por tipo (facturas, notas de crédito, retenciones…);
              </List.Item>
              <List.Item>un LEEME.txt con el número de comprobantes.</List.Item>
            </List.Root>
            <Button alignSelf="flex-start" loading={download.isPending} onClick={() => void download.mutate(period)}>
              <LuFileArchive /> Descargar archivo de {monthName(period)}
            </Button>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
