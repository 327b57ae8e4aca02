/**
 * The parts of a received comprobante's detail: totals per tax rate (factura, notas, liquidación),
 * its lines, and a retención's documents withheld with each withholding.
 * @example <ReceivedTotals doc={view} />
 */
import { Box, Card, Heading, Table, Text } from '@chakra-ui/react';
import { money } from '../format.ts';
import { taxLabel } from './received-model.ts';
import type { ReceivedDetalle, ReceivedView } from '../../../core/received-view.ts';

function Section({ title, children, testId }: { title: string; children: React.ReactNode; testId?: string }) {
  return (
    <Card.Root data-testid={testId}>
      <Card.Header pb="0">
        <Heading as="h3" size="sm">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>
        <Box overflowX="auto">{children}</Box>
      </Card.Body>
    </Card.Root>
  );
}

/** Subtotal per rate, then the document totals (USD). */
export function ReceivedTotals({ doc }: { doc: ReceivedView }) {
  const row = (label: string, value: number, strong = false, testId?: string) => (
    <Table.Row key={label}>
      <Table.Cell fontWeight={strong ? 'bold' : undefined}>{label}</Table.Cell>
      <Table.Cell textAlign="right" fontWeight={strong ? 'bold' : undefined} data-testid={testId}>
        {money(value)}
      </Table.Cell>
    </Table.Row>
  );
  return (
    <Section title="Totales" testId="received-totals">
      <Table.Root size="sm" maxW="md">
        <Table.Body>
          {doc.impuestos.map((t) => row(`Subtotal ${taxLabel(t)}`, t.baseImponible))}
          {row('Subtotal sin impuestos', doc.totalSinImpuestos, false, 'total-sin-impuestos')}
          {doc.totalDescuento > 0 && row('Descuento', doc.totalDescuento)}
          {doc.impuestos.filter((t) => t.valor > 0).map((t) => row(taxLabel(t), t.valor))}
          {row('Total', doc.importeTotal, true, 'importe-total')}
        </Table.Body>
      </Table.Root>
    </Section>
  );
}

/** The lines as the XML writes them (cantidad and precio with up to 6 decimals). */
export function ReceivedLines({ detalles }: { detalles: ReceivedDetalle[] }) {
  return (
    <Section title="Detalle" testId="received-lines">
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Código</Table.ColumnHeader>
            <Table.ColumnHeader>Descripción</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="right">Cantidad</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="right">P. unitario</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="right">Descuento</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="right">Total</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {detalles.map((d, i) => (
            <Table.Row key={i}>
              <Table.Cell>{d.codigoPrincipal ?? ''}</Table.Cell>
              <Table.Cell>{d.descripcion}</Table.Cell>
              <Table.Cell textAlign="right">{Number(d.cantidad)}</Table.Cell>
              <Table.Cell textAlign="right">{money(d.precioUnitario, 2, 6)}</Table.Cell>
              <Table.Cell textAlign="right">{money(d.descuento)}</Table.Cell>
              <Table.Cell textAlign="right">{money(d.precioTotalSinImpuesto)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Section>
  );
}

const IMPUESTO: Record<string, string> = { '1': 'Renta', '2': 'IVA', '6': 'ISD' };
const numero15 = (n: string) => (/^\d{15}$/.test(n) ? `${n.slice(0, 3)}-${n.slice(3, 6)}-${n.slice(6)}` : n);

/** A retención: per document withheld, each tax withheld and the total. */
export function RetencionSustentos({ doc }: { doc: ReceivedView }) {
  const docs = doc.detail.docsSustento ?? [];
  return (
    <Section title={`Retenciones (periodo fiscal ${doc.detail.periodoFiscal ?? ''})`} testId="received-retenciones">
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Comprobante</Table.ColumnHeader>
            <Table.ColumnHeader>Impuesto</Table.ColumnHeader>
            <Table.ColumnHeader>Código</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="right">Base imponible</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="right">%</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="right">Valor retenido</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {docs.flatMap((d, i) =>
            d.retenciones.map((r, j) => (
              <Table.Row key={`${i}-${j}`}>
                <Table.Cell>{j === 0 ? `${d.codDocSustento === '01' ? 'Factura' : `Doc. ${d.codDocSustento}`} ${numero15(d.numDocSustento)}` : ''}</Table.Cell>
                <Table.Cell>{IMPUESTO[r.codigo] ?? r.codigo}</Table.Cell>
                <Table.Cell>{r.codigoRetencion}</Table.Cell>
                <Table.Cell textAlign="right">{money(r.baseImponible)}</Table.Cell>
                <Table.Cell textAlign="right">{Number(r.porcentajeRetener)} %</Table.Cell>
                <Table.Cell textAlign="right">{money(r.valorRetenido)}</Table.Cell>
              </Table.Row>
            )),
          )}
          <Table.Row>
            <Table.Cell colSpan={5} fontWeight="bold">
              Total retenido
            </Table.Cell>
            <Table.Cell textAlign="right" fontWeight="bold" data-testid="importe-total">
              {money(doc.importeTotal)}
            </Table.Cell>
          </Table.Row>
        </Table.Body>
      </Table.Root>
      {!docs.length && <Text color="fg.muted">El comprobante no detalla documentos sustento.</Text>}
    </Section>
  );
}
