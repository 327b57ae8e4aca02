/**
 * The dashboard (`x-renderer: "dashboard"`): KPI cards, the 12-month sales chart, what needs
 * attention (with a link to each invoice), top customers and products, and a period picker.
 * Loaded lazily with its chart library; laid out for phones too.
 */
import { useState } from 'react';
import { metaByCodDoc } from '../../../core/comprobante-types.ts';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Badge, Box, Button, Card, Flex, Heading, HStack, Input, Link, SimpleGrid, Skeleton, Stack, Stat, Text } from '@chakra-ui/react';
import { useApiData } from '../../engine/useApiData.ts';
import { useSession } from '../../engine/session.ts';
import { money } from '../format.ts';
import { StatusBadge } from '../StatusBadge.tsx';
import { SalesChart } from './SalesChart.tsx';
import { NoInvoicesHint, NoSalesHint } from './EmptyHints.tsx';
import type { AttentionItem, CompanyDashboard } from '../../../core/dashboard.ts';

type InvoiceAttention = Extract<AttentionItem, { reason: 'stuck' | 'rejected' | 'old_draft' }>;

const REASON: Record<string, string> = { stuck: 'Sin respuesta del SRI hace más de una hora', rejected: 'Rechazada por el SRI', old_draft: 'Borrador de hace más de una semana' };

function Kpi({ label, value, help }: { label: string; value: string; help?: string }) {
  return (
    <Card.Root>
      <Card.Body>
        <Stat.Root>
          <Stat.Label>{label}</Stat.Label>
          <Stat.ValueText data-testid={`kpi-${label}`}>{value}</Stat.ValueText>
          {help && <Stat.HelpText>{help}</Stat.HelpText>}
        </Stat.Root>
      </Card.Body>
    </Card.Root>
  );
}

export default function Dashboard() {
  const user = useSession();
  const [range, setRange] = useState<{ from?: string; to?: string }>({});
  const { data, isLoading } = useApiData<CompanyDashboard>({ path: '/api/dashboard', query: range, keepPreviousData: true, revalidateOnFocus: true });
  const change = data && data.sales.lastMonth > 0 ? ((data.sales.thisMonth - data.sales.lastMonth) / data.sales.lastMonth) * 100 : null;
  const noSales = Boolean(data?.series.every((s) => s.total === 0));
  const empty = noSales && Object.keys(data?.byStatus ?? {}).length === 0;
  const invoicesToSee = (data?.attention ?? []).filter((a): a is InvoiceAttention => a.reason !== 'certificate');
  return (
    <Stack gap="5">
      <Flex justify="space-between" align="center" wrap="wrap" gap="3">
        <Box>
          <Heading size="lg">Hola, {user?.firstName}</Heading>
          <Text color="fg.muted">{user?.company.razonSocial}</Text>
        </Box>
        <HStack gap="2" wrap="wrap" aria-label="Periodo">
          <Text fontSize="sm">Periodo</Text>
          <Input size="sm" type="date" aria-label="Desde" w="160px" value={range.from ?? data?.period.from ?? ''} onChange={(e) => setRange((r) => ({ ...r, from: e.target.value || undefined }))} />
          <Input size="sm" type="date" aria-label="Hasta" w="160px" value={range.to ?? data?.period.to ?? ''} onChange={(e) => setRange((r) => ({ ...r, to: e.target.value || undefined }))} />
          {(range.from || range.to) && (
            <Button size="xs" variant="ghost" onClick={() => setRange({})}>
              Este mes
            </Button>
          )}
        </HStack>
      </Flex>

      {data?.certificate && data.certificate.daysToExpiry <= 30 && (
        <Alert.Root status={data.certificate.daysToExpiry < 0 ? 'error' : 'warning'}>
          <Alert.Indicator />
          <Alert.Description>
            {data.certificate.daysToExpiry < 0 ? 'La firma electrónica expiró: no puede emitir facturas.' : `La firma electrónica expira en ${data.certificate.daysToExpiry} días.`}{' '}
            <Link asChild>
              <RouterLink to="/pages/company">Renovarla</RouterLink>
            </Link>
          </Alert.Description>
        </Alert.Root>
      )}
      {data && !data.certificate && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Description>
            Para emitir facturas suba su firma electrónica en{' '}
            <Link asChild>
              <RouterLink to="/pages/company">Empresa</RouterLink>
            </Link>
            .
          </Alert.Description>
        </Alert.Root>
      )}

      <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="4">
        {isLoading && !data ? (
          Array.from({ length: 4 }, (_, i) => <Skeleton key={i} h="100px" />)
        ) : (
          <>
            <Kpi label="Ventas del mes" value={money(data?.sales.thisMonth ?? 0)} help={change === null ? 'facturas autorizadas' : `${change >= 0 ? '+' : ''}${change.toFixed(1)} % frente al mes anterior`} />
            <Kpi label="Mes anterior" value={money(data?.sales.lastMonth ?? 0)} />
            <Kpi label="IVA del periodo" value={money(data?.iva ?? 0)} help={`${data?.authorisedInPeriod ?? 0} facturas autorizadas`} />
            <Kpi label="Ventas del periodo" value={money(data?.sales.period ?? 0)} help={data ? `${data.period.from} a ${data.period.to}` : undefined} />
          </>
        )}
      </SimpleGrid>

      {empty ? (
        <Card.Root>
          <Card.Body>
            <NoInvoicesHint />
          </Card.Body>
        </Card.Root>
      ) : (
        <SimpleGrid columns={{ base: 1, xl: 3 }} gap="4">
          <Card.Root gridColumn={{ xl: 'span 2' }}>
            <Card.Header>
              <Heading size="md">Ventas de los últimos 12 meses</Heading>
            </Card.Header>
            <Card.Body>{data && (noSales ? <NoSalesHint drafts={data.byStatus.BORRADOR ?? 0} period={data.period} /> : <SalesChart series={data.series} />)}</Card.Body>
          </Card.Root>
          <Card.Root>
            <Card.Header>
              <Heading size="md">Requiere atención</Heading>
            </Card.Header>
            <Card.Body>
              <Stack gap="3" data-testid="attention">
                {data && invoicesToSee.length === 0 && <Text color="fg.muted">Todo en orden.</Text>}
                {invoicesToSee.map((a) => (
                  <Box key={`${a.reason}-${a._id}`} borderLeftWidth="3px" borderColor={a.reason === 'rejected' ? 'red.500' : 'orange.400'} pl="3">
                    <HStack justify="space-between" gap="2" wrap="wrap">
                      <Link asChild fontWeight="semibold" whiteSpace="nowrap">
                        <RouterLink to={`/invoicing/${metaByCodDoc(a.codDoc)?.resource ?? 'invoice'}/${a._id}`}>
                          {a.numero ? `${metaByCodDoc(a.codDoc)?.label ?? 'Factura'} ${a.numero}` : `Borrador del ${a.fechaEmision}`}
                        </RouterLink>
                      </Link>
                      <StatusBadge status={a.status} />
                    </HStack>
                    <Text fontSize="sm">
                      {a.razonSocialComprador} · {money(a.importeTotal)}
                    </Text>
                    <Text fontSize="xs" color="fg.muted">
                      {REASON[a.reason]}
                      {a.mensaje ? `: ${a.mensaje}` : ''}
                    </Text>
                  </Box>
                ))}
              </Stack>
            </Card.Body>
          </Card.Root>
          <Card.Root>
            <Card.Header>
              <Heading size="md">Mejores clientes</Heading>
            </Card.Header>
            <Card.Body>
              <Stack gap="2">
                {data?.topCustomers.length === 0 && <Text color="fg.muted">Sin ventas en el periodo.</Text>}
                {data?.topCustomers.map((c) => (
                  <Flex key={c._id} justify="space-between" gap="2">
                    <Text truncate>{c.label}</Text>
                    <Text fontWeight="semibold" whiteSpace="nowrap" flexShrink={0}>
                      {money(c.total)}
                    </Text>
                  </Flex>
                ))}
              </Stack>
            </Card.Body>
          </Card.Root>
          <Card.Root>
            <Card.Header>
              <Heading size="md">Productos más vendidos</Heading>
            </Card.Header>
            <Card.Body>
              <Stack gap="2">
                {data?.topProducts.length === 0 && <Text color="fg.muted">Sin ventas en el periodo.</Text>}
                {data?.topProducts.map((p) => (
                  <Flex key={p._id} justify="space-between" gap="2">
                    <Text truncate>{p.label}</Text>
                    <Text fontWeight="semibold" whiteSpace="nowrap" flexShrink={0}>
                      {money(p.total)}
                    </Text>
                  </Flex>
                ))}
              </Stack>
            </Card.Body>
          </Card.Root>
          <Card.Root>
            <Card.Header>
              <Heading size="md">Facturas por estado</Heading>
            </Card.Header>
            <Card.Body>
              <HStack gap="2" wrap="wrap">
                {Object.entries(data?.byStatus ?? {}).map(([status, n]) => (
                  <HStack key={status} gap="1">
                    <StatusBadge status={status} />
                    <Badge variant="outline">{n}</Badge>
                  </HStack>
                ))}
              </HStack>
            </Card.Body>
          </Card.Root>
        </SimpleGrid>
      )}
    </Stack>
  );
}
