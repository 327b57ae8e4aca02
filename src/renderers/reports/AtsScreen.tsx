/**
 * Contabilidad > ATS del mes (`x-renderer: "ats-screen"`, DESIGN.md §11): the month, the check
 * (what to fix first, each problem linking to its document), "Descargar ATS" (the file validated
 * against the SRI's XSD; a 422 says which rows fail) and the company's ATS settings.
 */
import { Alert, Badge, Button, Card, Flex, Heading, HStack, SimpleGrid, Skeleton, Stack, Stat, Text } from '@chakra-ui/react';
import { LuDownload, LuFileArchive } from 'react-icons/lu';
import { useApiData } from '../../engine/useApiData.ts';
import { useMutation } from '../../engine/useMutation.ts';
import { downloadFile } from '../../engine/csv-transfer.ts';
import { PeriodPicker } from './PeriodPicker.tsx';
import { ProblemList, type AtsProblem } from './ProblemList.tsx';
import { AtsSettingsCard } from './AtsSettingsCard.tsx';
import { monthName, usePeriod } from './usePeriod.ts';

interface AtsCheck {
  period: string;
  ready: boolean;
  problems: AtsProblem[];
  totals: { compras: number; ventas: number; anulados: number };
}

const fileName = (period: string) => `AT${period.slice(5)}${period.slice(0, 4)}`;

export default function AtsScreen() {
  const [period, setPeriod] = usePeriod();
  const { data: check, isLoading, mutate } = useApiData<AtsCheck>({ path: '/api/reports/ats/check', query: { period }, keepPreviousData: true });
  const download = useMutation<{ zip: boolean }, void>({ mutationFn: ({ zip }) => downloadFile({ path: '/api/reports/ats', query: { period, ...(zip ? { zip: 1 } : {}) }, fallback: `${fileName(period)}.${zip ? 'zip' : 'xml'}` }) });
  const errors = check?.problems.filter((p) => p.severity === 'error').length ?? 0;
  const warnings = (check?.problems.length ?? 0) - errors;
  return (
    <Stack gap="5">
      <Flex justify="space-between" align="center" wrap="wrap" gap="3">
        <Stack gap="0">
          <Heading size="lg">Anexo Transaccional Simplificado</Heading>
          <Text color="fg.muted">ATS de {monthName(period)}: compras, ventas, retenciones y anulados, listo para subir al SRI.</Text>
        </Stack>
        <PeriodPicker period={period} onChange={setPeriod} />
      </Flex>

      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
        {[
          { label: 'Compras', value: check?.totals.compras, help: 'filas de detalleCompras' },
          { label: 'Ventas', value: check?.totals.ventas, help: 'filas por cliente y tipo' },
          { label: 'Anulados', value: check?.totals.anulados, help: 'según la configuración' },
        ].map((k) => (
          <Card.Root key={k.label}>
            <Card.Body>
              <Stat.Root>
                <Stat.Label>{k.label}</Stat.Label>
                {isLoading && !check ? <Skeleton h="8" w="16" /> : <Stat.ValueText data-testid={`ats-${k.label}`}>{k.value ?? 0}</Stat.ValueText>}
                <Stat.HelpText>{k.help}</Stat.HelpText>
              </Stat.Root>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>

      <Card.Root>
        <Card.Header>
          <Flex justify="space-between" align="center" wrap="wrap" gap="3">
            <HStack gap="3">
              <Heading size="md">Revisión</Heading>
              {check && (check.ready ? <Badge colorPalette="green">Listo para declarar</Badge> : errors ? <Badge colorPalette="red">{errors} por corregir</Badge> : <Badge colorPalette="orange">{warnings} por revisar</Badge>)}
            </HStack>
            <HStack gap="2" wrap="wrap">
              <Button size="sm" loading={download.isPending} disabled={!check || errors > 0} onClick={() => void download.mutate({ zip: false })}>
                <LuDownload /> Descargar ATS
              </Button>
              <Button size="sm" variant="outline" disabled={!check || errors > 0} onClick={() => void download.mutate({ zip: true })}>
                <LuFileArchive /> En zip
              </Button>
            </HStack>
          </Flex>
        </Card.Header>
        <Card.Body>
          {isLoading && !check ? (
            <Skeleton h="16" />
          ) : check?.ready ? (
            <Alert.Root status="success">
              <Alert.Indicator />
              <Alert.Description>
                Nada que corregir: el archivo {fileName(period)}.xml se genera válido contra el esquema del SRI, con todos los comprobantes autorizados y confirmados del mes.
              </Alert.Description>
            </Alert.Root>
          ) : (
            <Stack gap="3">
              {errors > 0 && <Text fontSize="sm">Corrija primero lo marcado en rojo: con esos problemas el ATS no se puede generar válido.</Text>}
              <ProblemList problems={check?.problems ?? []} />
            </Stack>
          )}
        </Card.Body>
      </Card.Root>

      <AtsSettingsCard onSaved={() => void mutate()} />
    </Stack>
  );
}
