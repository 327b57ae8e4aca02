/**
 * The dashboard (`x-renderer: "dashboard"`): KPI cards, the 12-month sales chart, what needs
 * attention (with a link to each invoice), top customers and products, and a period picker.
 * Loaded lazily with its chart library; laid out for phones too.
 */
import { useState } from 'react';
import { COMPROBANTE_TYPE_META, metaByCodDoc } from '../../../core/comprobante-types.ts';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Badge, Box, Button, Card, Flex, Heading, HStack, Link, SimpleGrid, Skeleton, Stack, Stat, Text } from '@chakra-ui/react';
import { useApiData } from '../../engine/useApiData.ts';
import { useSession } from '../../engine/session.ts';
import { date, money, plural } from '../format.ts';
import { StatusBadge } from '../StatusBadge.tsx';
import { PaymentStatusBadge } from '../PaymentStatusBadge.tsx';
import { SalesChart } from './SalesChart.tsx';
import { NoInvoicesHint, NoSalesHint } from './EmptyHints.tsx';
import { NextObligation } from './NextObligation.tsx';
import type { AttentionItem, CompanyDashboard } from '../../../core/dashboard.ts';
import { DateInput } from '../widgets/DateInput.tsx';

type InvoiceAttention = Extract<AttentionItem, { reason: 'delayed' | 'stuck' | 'rejected' | 'old_draft' | 'overdue' }>;
type AnnulmentAttention = Extract<AttentionItem, { reason: 'annulment_pending' }>;

const REASON: Record<string, string> = { delayed: 'Sin autorizar por el SRI a las 20:00 de su día de emisión', stuck: 'Sin respuesta del SRI hace más de una hora', rejected: 'Rechazada por el SRI', old_draft: 'Borrador de hace más de una semana', overdue: 'Vencida' };

/** "Vencida hace 12 días: saldo $ 40.00" for an overdue factura; the SRI message otherwise. */
const detailOf = (a: InvoiceAttention) => (a.reason === 'overdue' ? `${REASON.overdue} hace ${a.daysOverdue} ${a.daysOverdue === 1 ? 'día' : 'días'}: saldo ${money(a.saldo)}` : `${REASON[a.reason]}${a.mensaje ? `: ${a.mensaje}` : ''}`);

/** A comprobante's page: its type's menu group and resource in the registry (`/purchases/withholding/<id>`). */
const pageOf = (codDoc: string, id: string) => {
  const meta = metaByCodDoc(codDoc) ?? COMPROBANTE_TYPE_META['01'];
  return `/${meta.menu.group}/${meta.resource}/${encodeURIComponent(id)}`;
};
const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('/');

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
  const invoicesToSee = (data?.attention ?? []).filter((a): a is InvoiceAttention => a.reason !== 'certificate' && a.reason !== 'annulment_pending');
  const annulments = (data?.attention ?? []).filter((a): a is AnnulmentAttention => a.reason === 'annulment_pending');
  return (
    <Stack gap="5">
      <Flex justify="space-between" align="center" wrap="wrap" gap="3">
        <Box>
          <Heading size="lg">Hola, {user?.firstName}</Heading>
          <Text color="fg.muted">{user?.company.razonSocial}</Text>
        </Box>
        <HStack gap="2" wrap="wrap" aria-label="Periodo">
          <Text fontSize="sm">Periodo</Text>
          <DateInput aria-label="Desde" w="170px" value={range.from ?? data?.period.from ?? ''} onChange={(v) => setRange((r) => ({ ...r, from: v || undefined }))} />
          <DateInput aria-label="Hasta" w="170px" value={range.to ?? data?.period.to ?? ''} onChange={(v) => setRange((r) => ({ ...r, to: v || undefined }))} />
          {(range.from || range.to) && (
            <Button size="xs" variant="ghost" onClick={() => setRange({})}>
              Este mes
            </Button>
          )}
        </HStack>
      </Flex>

      <NextObligation />

      {data?.certificate && data.certificate.daysToExpiry <= 30 && (
        <Alert.Root status={data.certificate.daysToExpiry < 0 ? 'error' : 'warning'}>
          <Alert.Indicator />
          <Alert.Description>
            {data.certificate.daysToExpiry < 0 ? 'La firma electrónica expiró: no puede emitir facturas.' : `La firma electrónica expira en ${plural(data.certificate.daysToExpiry, 'día', 'días')}.`}{' '}
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

      <SimpleGrid columns={{ base: 1, sm: 2, xl: 3 }} gap="4">
        {isLoading && !data ? (
          Array.from({ length: 6 }, (_, i) => <Skeleton key={i} h="100px" />)
        ) : (
          <>
            <Kpi
              label="Ventas del mes"
              value={money(data?.sales.thisMonth ?? 0)}
              help={`Base ${money((data?.sales.thisMonth ?? 0) - (data?.sales.thisMonthIva ?? 0))} + IVA ${money(data?.sales.thisMonthIva ?? 0)}${change === null ? '' : ` · ${change >= 0 ? '+' : ''}${change.toFixed(1)} % frente al mes anterior`}`}
            />
            <Kpi label="Mes anterior" value={money(data?.sales.lastMonth ?? 0)} />
            <Kpi label="IVA del periodo" value={money(data?.iva ?? 0)} help={plural(data?.authorisedInPeriod ?? 0, 'factura autorizada', 'facturas autorizadas')} />
            <Kpi label="Ventas del periodo" value={money(data?.sales.period ?? 0)} help={data ? `${date(data.period.from)} a ${date(data.period.to)}` : undefined} />
            <Kpi label="Por cobrar" value={money(data?.receivables?.open ?? 0)} help={plural(data?.receivables?.openCount ?? 0, 'comprobante con saldo', 'comprobantes con saldo')} />
            <Kpi label="Vencido" value={money(data?.receivables?.overdue ?? 0)} help={plural(data?.receivables?.overdueCount ?? 0, 'comprobante vencido', 'comprobantes vencidos')} />
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
                {data && invoicesToSee.length === 0 && annulments.length === 0 && <Text color="fg.muted">Todo en orden.</Text>}
                {annulments.length > 0 && (
                  <Stack gap="2" data-testid="attention-annulments">
                    <Text fontWeight="semibold" fontSize="sm">
                      Anulaciones pendientes ({annulments.length})
                    </Text>
                    {annulments.map((a) => (
                      <Box key={`annulment-${a._id}`} borderLeftWidth="3px" borderColor="orange.400" pl="3">
                        <Link asChild fontWeight="semibold" whiteSpace="nowrap">
                          <RouterLink to={pageOf(a.codDoc, a._id)}>{`${metaByCodDoc(a.codDoc)?.label ?? 'Comprobante'} ${a.numero ?? ''}`}</RouterLink>
                        </Link>
                        <Text fontSize="sm">
                          {a.razonSocialComprador} · {money(a.importeTotal)}
                        </Text>
                        <Text fontSize="xs" color="fg.muted">
                          {a.annulment.state === 'PENDIENTE_ANULAR' && a.annulment.acceptanceDeadline
                            ? `Pendiente de anular: el receptor debe aceptarla hasta el ${ddmmyyyy(a.annulment.acceptanceDeadline)}`
                            : `Solicitada; el SRI aún la tiene autorizada. Plazo en línea hasta el ${ddmmyyyy(a.annulment.deadline)}`}
                        </Text>
                      </Box>
                    ))}
                  </Stack>
                )}
                {invoicesToSee.map((a) => (
                  <Box key={`${a.reason}-${a._id}`} borderLeftWidth="3px" borderColor={a.reason === 'rejected' || a.reason === 'overdue' ? 'red.500' : 'orange.400'} pl="3">
                    <HStack justify="space-between" gap="2" wrap="wrap">
                      <Link asChild fontWeight="semibold" whiteSpace="nowrap">
                        <RouterLink to={pageOf(a.codDoc, a._id)}>
                          {a.numero ? `${metaByCodDoc(a.codDoc)?.label ?? 'Factura'} ${a.numero}` : `Borrador del ${date(a.fechaEmision)}`}
                        </RouterLink>
                      </Link>
                      {a.reason === 'overdue' ? <PaymentStatusBadge status="VENCIDA" /> : <StatusBadge status={a.status} />}
                    </HStack>
                    <Text fontSize="sm">
                      {a.razonSocialComprador} · {money(a.importeTotal)}
                    </Text>
                    <Text fontSize="xs" color="fg.muted">
                      {detailOf(a)}
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
              <Heading size="md">Comprobantes del periodo</Heading>
            </Card.Header>
            <Card.Body>
              <Stack gap="3" data-testid="by-type">
                {data?.byType.length === 0 && <Text color="fg.muted">Ninguno en el periodo.</Text>}
                {data?.byType.map((t) => (
                  <Box key={t.codDoc}>
                    <Text fontWeight="semibold" fontSize="sm">
                      {t.label}: {plural(t.total, 'comprobante', 'comprobantes')}
                    </Text>
                    <HStack gap="2" wrap="wrap" mt="1">
                      {Object.entries(t.byStatus).map(([status, n]) => (
                        <HStack key={status} gap="1">
                          <StatusBadge status={status} />
                          <Badge variant="outline">{n}</Badge>
                        </HStack>
                      ))}
                    </HStack>
                  </Box>
                ))}
              </Stack>
            </Card.Body>
          </Card.Root>
        </SimpleGrid>
      )}
    </Stack>
  );
}
