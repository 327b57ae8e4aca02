/**
 * The invoice's line items as a fast editable table (not rjsf's array field): each row is memoised
 * and only re-renders when its own line changes, so typing in one quantity of a 100-line invoice
 * recomputes the totals without redrawing the other rows. Product lookup by code or description
 * fills description, price and IVA rate; text that names no product clears the line's product and
 * the row shows why it will not be saved (`lineErrors`, from `checkLines`). `locked` lines come
 * from another document (a nota de crédito's lines are its factura's): product, description, price
 * and IVA stay as they are, no line is added; the user reduces quantities, enters discounts or
 * removes lines (never the last one).
 * @example <LinesTable lines={lines} setLines={setLines} ... />
 */
import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import { Box, Button, Input, Table, Text, IconButton } from '@chakra-ui/react';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import { useApiData } from '../../engine/useApiData.ts';
import type { CatalogEntry } from '../../engine/catalogs.ts';
import type { Row } from '../../engine/resources.ts';
import { money } from '../format.ts';
import { IvaSelect } from './IvaSelect.tsx';
import { STACK_ON_PHONE } from '../stacked-table.ts';
import { MoneyInput } from '../widgets/MoneyInput.tsx';
import { matchProduct, newLine, productPatch, type LineDraft } from './sale-model.ts';

const NO_PRODUCTS: Row[] = [];

interface LineProps {
  line: LineDraft;
  index: number;
  lineTotal?: string;
  error?: string;
  products: Row[];
  ivaOptions: CatalogEntry[];
  readOnly: boolean;
  locked: boolean;
  removable: boolean;
  onChange: (index: number, patch: Partial<LineDraft>) => void;
  onRemove: (index: number) => void;
  onSearch: (text: string) => void;
}

const LineRow = memo(function LineRow({ line, index, lineTotal, error, products, ivaOptions, readOnly, locked, removable, onChange, onRemove, onSearch }: LineProps) {
  const pick = (value: string) => {
    onSearch(value);
    onChange(index, productPatch(value, products));
  };
  // The lookup answers after the text was typed: once it names a product, take it.
  useEffect(() => {
    if (readOnly || locked || line.product || !matchProduct(line.productText, products)) return;
    onChange(index, productPatch(line.productText, products));
  }, [readOnly, locked, line.product, line.productText, products, index, onChange]);
  const n = index + 1;
  const fixed = readOnly || locked;
  return (
    <Table.Row data-testid={`line-${index}`}>
      <Table.Cell minW="165px" verticalAlign="top" data-label="Producto" data-wide>
        <Input
          size="sm"
          list="emite-products"
          aria-label={`Producto de la línea ${n}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `line-error-${line.key}` : undefined}
          borderColor={error ? 'red.500' : undefined}
          placeholder="Código o nombre"
          value={line.productText}
          disabled={fixed}
          onChange={(e) => pick(e.target.value)}
        />
        {error && (
          <Text id={`line-error-${line.key}`} color="red.600" fontSize="xs" mt="1" role="alert">
            {error}
          </Text>
        )}
      </Table.Cell>
      <Table.Cell minW="175px" data-label="Descripción" data-wide>
        <Input size="sm" aria-label={`Descripción de la línea ${n}`} value={line.descripcion} disabled={fixed} onChange={(e) => onChange(index, { descripcion: e.target.value })} />
      </Table.Cell>
      <Table.Cell w="90px" data-label="Cantidad">
        <Input size="sm" type="number" inputMode="decimal" step="any" min="0" textAlign="right" aria-label={`Cantidad de la línea ${n}`} value={line.cantidad} disabled={readOnly} onChange={(e) => onChange(index, { cantidad: e.target.value })} />
      </Table.Cell>
      <Table.Cell w="120px" data-label="Precio unit.">
        <MoneyInput min="0" aria-label={`Precio unitario de la línea ${n}`} value={line.precioUnitario} disabled={fixed} onValueChange={(precioUnitario) => onChange(index, { precioUnitario })} />
      </Table.Cell>
      <Table.Cell w="100px" data-label="Descuento">
        <MoneyInput step="0.01" min="0" aria-label={`Descuento de la línea ${n}`} value={line.descuento} disabled={readOnly} onValueChange={(descuento) => onChange(index, { descuento })} />
      </Table.Cell>
      <Table.Cell w="120px" data-label="IVA">
        <IvaSelect label={`IVA de la línea ${n}`} value={line.codigoPorcentajeIva} options={ivaOptions} disabled={fixed} onChange={(codigoPorcentajeIva) => onChange(index, { codigoPorcentajeIva })} />
      </Table.Cell>
      <Table.Cell textAlign="right" w="110px" data-label="Subtotal" data-testid={`line-total-${index}`}>
        {lineTotal ? money(lineTotal) : ''}
      </Table.Cell>
      <Table.Cell w="40px">
        {!readOnly && removable && (
          <IconButton size="xs" variant="ghost" colorPalette="red" aria-label={`Quitar la línea ${n}`} onClick={() => onRemove(index)}>
            <LuTrash2 />
          </IconButton>
        )}
      </Table.Cell>
    </Table.Row>
  );
});

/**
 * @param p.lineTotals line key -> subtotal, for the counted lines (`liveTotals`).
 * @param p.lineErrors line key -> Spanish message shown under the line's product (`checkLines`).
 */
export function LinesTable(p: { lines: LineDraft[]; lineTotals: Map<string, string>; lineErrors: Map<string, string>; ivaOptions: CatalogEntry[]; readOnly: boolean; locked?: boolean; setLines: (update: (lines: LineDraft[]) => LineDraft[]) => void }) {
  const locked = Boolean(p.locked);
  const [q, setQ] = useState('');
  // Locked lines never change product: nothing to look up.
  const { data: products } = useApiData<Row[]>({ path: locked || p.readOnly ? null : '/api/product', query: { q, per_page: 100 }, keepPreviousData: true });
  const list = products ?? NO_PRODUCTS;
  const onSearch = useCallback(
    (value: string) => {
      const code = value.split(' — ')[0].trim();
      if (code.length >= 1 && code !== q && !matchProduct(code, list)) setQ(code);
    },
    [list, q],
  );
  const onChange = useCallback((index: number, patch: Partial<LineDraft>) => p.setLines((lines) => lines.map((l, i) => (i === index ? { ...l, ...patch } : l))), [p.setLines]);
  const onRemove = useCallback((index: number) => p.setLines((lines) => (lines.length > 1 ? lines.filter((_, i) => i !== index) : [newLine()])), [p.setLines]);
  // Redrawn only when the lookup answers, not on every keystroke in a line.
  const datalist = useMemo(
    () => (
      <datalist id="emite-products">
        {list.map((x) => (
          <option key={String(x._id)} value={`${String(x.codigoPrincipal)} — ${String(x.descripcion)}`} />
        ))}
      </datalist>
    ),
    [list],
  );
  return (
    <Box>
      {datalist}
      <Box overflowX="auto" borderWidth="1px" borderRadius="md">
        <Table.Root size="sm" css={STACK_ON_PHONE}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Producto</Table.ColumnHeader>
              <Table.ColumnHeader>Descripción</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="right">Cantidad</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="right">Precio unit.</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="right">Descuento</Table.ColumnHeader>
              <Table.ColumnHeader>IVA</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="right">Subtotal</Table.ColumnHeader>
              <Table.ColumnHeader />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {p.lines.map((line, i) => (
              <LineRow key={line.key} line={line} index={i} lineTotal={p.lineTotals.get(line.key)} error={p.lineErrors.get(line.key)} products={list} ivaOptions={p.ivaOptions} readOnly={p.readOnly} locked={locked} removable={!locked || p.lines.length > 1} onChange={onChange} onRemove={onRemove} onSearch={onSearch} />
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      {!p.readOnly && !locked && (
        <Button size="sm" variant="outline" mt="2" onClick={() => p.setLines((lines) => [...lines, newLine(lines[lines.length - 1]?.codigoPorcentajeIva)])}>
          <LuPlus /> Agregar línea
        </Button>
      )}
      {p.lines.length === 0 && <Text color="fg.muted">Sin líneas.</Text>}
    </Box>
  );
}
