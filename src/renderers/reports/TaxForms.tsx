/**
 * Contabilidad > Formularios 104 y 103 (`x-renderer: "tax-forms"`, DESIGN.md §11): the month's
 * casilleros laid out as the SRI's forms lay them out — section headings, casillero numbers, value —
 * with how many documents feed each; a casillero opens the list of its documents.
 */
import { useState } from 'react';
import { Badge, Box, Card, Flex, Heading, Skeleton, Stack, Table, Tabs, Text } from '@chakra-ui/react';
import { useApiData } from '../../engine/useApiData.ts';
import { money } from '../format.ts';
import { PeriodPicker } from './PeriodPicker.tsx';
import { CasilleroDocuments } from './CasilleroDocuments.tsx';
import { monthName, usePeriod } from './usePeriod.ts';

interface Casillero {
  codigo: string;
  label: string;
  section: string;
  valor: number;
  documents: number;
}

const TITLES: Record<string, string> = { '104': 'Formulario 104 — Declaración del impuesto al valor agregado', '103': 'Formulario 103 — Retenciones en la fuente del impuesto a la renta' };

function FormTable(p: { form: string; period: string; onOpen: (codigo: string) => void }) {
  const { data, isLoading } = useApiData<{ casilleros: Casillero[] }>({ path: `/api/reports/form-${p.form}`, query: { period: p.period }, keepPreviousData: true });
  if (isLoading && !data) return <Skeleton h="64" />;
  const sections = [...new Set((data?.casilleros ?? []).map((c) => c.section))];
  return (
    <Stack gap="4" data-testid={`form-${p.form}`}>
      <Heading size="sm">{TITLES[p.form]}</Heading>
      {sections.map((section) => (
        <Card.Root key={section} variant="outline">
          <Card.Header py="2" bg="bg.muted">
            <Text fontWeight="semibold" textTransform="uppercase" fontSize="xs" letterSpacing="wide">
              {section}
            </Text>
          </Card.Header>
          <Card.Body p="0">
            <Table.Root size="sm">
              <Table.Body>
                {data!.casilleros
                  .filter((c) => c.section === section)
                  .map((c) => {
                    const total = c.label.startsWith('Total') || c.label.startsWith('Subtotal');
                    return (
                      <Table.Row
                        key={c.codigo}
                        data-casillero={c.codigo}
                        cursor={c.documents ? 'pointer' : undefined}
                        _hover={c.documents ? { bg: 'bg.subtle' } : undefined}
                        onClick={() => c.documents && p.onOpen(c.codigo)}
                        fontWeight={total ? 'semibold' : undefined}
                      >
                        <Table.Cell w="80px">
                          <Badge variant="outline" fontFamily="mono">
                            {c.codigo}
                          </Badge>
                        </Table.Cell>
                        <Table.Cell>{c.label}</Table.Cell>
                        <Table.Cell w="110px" color="fg.muted" fontSize="xs" whiteSpace="nowrap">
                          {c.documents ? `${c.documents} doc.` : ''}
                        </Table.Cell>
                        <Table.Cell w="140px" textAlign="end" whiteSpace="nowrap">
                          {money(c.valor)}
                        </Table.Cell>
                      </Table.Row>
                    );
                  })}
              </Table.Body>
            </Table.Root>
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}

export default function TaxForms() {
  const [period, setPeriod] = usePeriod();
  const [form, setForm] = useState('104');
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Stack gap="5">
      <Flex justify="space-between" align="center" wrap="wrap" gap="3">
        <Stack gap="0">
          <Heading size="lg">Formularios 104 y 103</Heading>
          <Text color="fg.muted">Valores de {monthName(period)} para declarar en el SRI. Pulse un casillero para ver sus documentos.</Text>
        </Stack>
        <PeriodPicker period={period} onChange={setPeriod} />
      </Flex>
      <Tabs.Root value={form} onValueChange={(e) => setForm(e.value)} variant="enclosed">
        <Tabs.List>
          <Tabs.Trigger value="104">Formulario 104 (IVA)</Tabs.Trigger>
          <Tabs.Trigger value="103">Formulario 103 (Renta)</Tabs.Trigger>
        </Tabs.List>
        <Box pt="4">
          <FormTable form={form} period={period} onOpen={setOpen} />
        </Box>
      </Tabs.Root>
      <Text fontSize="xs" color="fg.muted">
        Casilleros calculados de los comprobantes autorizados (y los recibidos confirmados con el SRI) del mes: valor bruto sin notas de crédito, neto con ellas, impuesto a la tarifa de cada documento. El crédito tributario del mes anterior y el factor de proporcionalidad se llenan en el formulario del SRI.
      </Text>
      <CasilleroDocuments form={form} codigo={open} period={period} onClose={() => setOpen(null)} />
    </Stack>
  );
}
