/** Monthly sales of authorised invoices (USD), 12 months, with @chakra-ui/charts on recharts. */
import { Chart, useChart } from '@chakra-ui/charts';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';

const MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];

export function SalesChart({ series }: { series: Array<{ month: string; total: number }> }) {
  const chart = useChart({
    data: series.map((s) => ({ mes: `${MONTHS[Number(s.month.slice(5, 7)) - 1]} ${s.month.slice(2, 4)}`, ventas: s.total })),
    series: [{ name: 'ventas', color: 'blue.solid', label: 'Ventas autorizadas' }],
  });
  return (
    <Chart.Root maxH="280px" chart={chart} aria-label="Ventas por mes" data-testid="sales-chart">
      <BarChart data={chart.data} responsive style={{ width: "100%", height: "100%" }}>
        <CartesianGrid stroke={chart.color('border.muted')} vertical={false} />
        <XAxis axisLine={false} tickLine={false} dataKey={chart.key('mes')} />
        <YAxis axisLine={false} tickLine={false} width={70} tickFormatter={chart.formatNumber({ style: 'currency', currency: 'USD', notation: 'compact' })} />
        <Tooltip cursor={{ fill: chart.color('bg.muted') }} animationDuration={100} content={<Chart.Tooltip />} />
        {chart.series.map((item) => (
          <Bar key={item.name} isAnimationActive={false} dataKey={chart.key(item.name)} fill={chart.color(item.color)} radius={[4, 4, 0, 0]} />
        ))}
      </BarChart>
    </Chart.Root>
  );
}
