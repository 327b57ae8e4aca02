/**
 * The invoice's line items as a fast editable table (not rjsf's array field): each row is memoised
 * and only re-renders when its own line changes, and within it each cell only when its own value
 * does, so typing in one quantity of a 100-line invoice redraws that input and the line's subtotal
 * (issue 30: keystroke to totals ≤ 16 ms with 100 lines; `BENCH_UI_ONLY=keystroke npm run bench:ui`). Product lookup by code or description
 * fills description, price and IVA rate; text that names no product clears the line's product and
 * the row shows why it will not be saved (`lineErrors`, from `checkLines`). `locked` lines come
 * from another document (a nota de crédito's lines are its factura's): product, description, price
 * and IVA stay as they are, no line is added; the user reduces quantities, enters discounts or
 * removes lines (never the last one).
 * @example <LinesTable lines={lines} setLines={setLines} ... />
 */
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
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

type OnLineChange = (index: number, patch: Partial<LineDraft>) => void;

/** The table's header: the same on every render. */
const HEADER = (
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
);

/** "Agregar línea": memoised, it does not change as the lines do. */
const AddLineButton = memo(function AddLineButton({ onAdd }: { onAdd: () => void }) {
  return (
    <Button size="sm" variant="outline" mt="2" onClick={onAdd}>
      <LuPlus /> Agregar línea
    </Button>
  );
});

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
  onChange: OnLineChange;
  onRemove: (index: number) => void;
  onSearch: (text: string) => void;
}

/** The line's quantity: memoised on its value, so typing in it redraws only this input of the row. */
const QuantityCell = memo(function QuantityCell({ index, label, value, disabled, onChange }: { index: number; label: string; value: string; disabled: boolean; onChange: OnLineChange }) {
  return (
    <Table.Cell w="90px" data-label="Cantidad">
      <Input size="sm" type="number" inputMode="decimal" step="any" min="0" textAlign="right" aria-label={label} value={value} disabled={disabled} onChange={(e) => onChange(index, { cantidad: e.target.value })} />
    </Table.Cell>
  );
});

/** A money cell of the line (price, discount): memoised on its value like {@link QuantityCell}. */
const MoneyCell = memo(function MoneyCell({ index, field, label, value, disabled, step, onChange }: { index: number; field: 'precioUnitario' | 'descuento'; label: string; value: string; disabled: boolean; step?: string; onChange: OnLineChange }) {
  return (
    <Table.Cell w={field === 'descuento' ? '100px' : '120px'} data-label={field === 'descuento' ? 'Descuento' : 'Precio unit.'}>
      <MoneyInput step={step} min="0" aria-label={label} value={value} disabled={disabled} onValueChange={(v) => onChange(index, { [field]: v })} />
    </Table.Cell>
  );
});

/** The line's description: memoised on its value. */
const DescriptionCell = memo(function DescriptionCell({ index, label, value, disabled, onChange }: { index: number; label: string; value: string; disabled: boolean; onChange: OnLineChange }) {
  return (
    <Table.Cell minW="175px" data-label="Descripción" data-wide>
      <Input size="sm" aria-label={label} value={value} disabled={disabled} onChange={(e) => onChange(index, { descripcion: e.target.value })} />
    </Table.Cell>
  );
});

/** The line's IVA rate: memoised on its value. */
const IvaCell = memo(function IvaCell({ index, label, value, options, disabled, onChange }: { index: number; label: string; value: string; options: CatalogEntry[]; disabled: boolean; onChange: OnLineChange }) {
  return (
    <Table.Cell w="120px" data-label="IVA">
      <IvaSelect label={label} value={value} options={options} disabled={disabled} onChange={(codigoPorcentajeIva) => onChange(index, { codigoPorcentajeIva })} />
    </Table.Cell>
  );
});

/** The line's product cell (lookup input and why the line would not be saved): memoised on its text and error. */
const ProductCell = memo(function ProductCell({ lineKey, n, text, error, disabled, onPick }: { lineKey: string; n: number; text: string; error?: string; disabled: boolean; onPick: (value: string) => void }) {
  return (
    <Table.Cell minW="165px" verticalAlign="top" data-label="Producto" data-wide>
      <Input
        size="sm"
        list="emite-products"
        aria-label={`Producto de la línea ${n}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `line-error-${lineKey}` : undefined}
        borderColor={error ? 'red.500' : undefined}
        placeholder="Código o nombre"
        value={text}
        disabled={disabled}
        onChange={(e) => onPick(e.target.value)}
      />
      {error && (
        <Text id={`line-error-${lineKey}`} color="red.600" fontSize="xs" mt="1" role="alert">
          {error}
        </Text>
      )}
    </Table.Cell>
  );
});

/** The line's subtotal: memoised on it. */
const SubtotalCell = memo(function SubtotalCell({ index, value }: { index: number; value?: string }) {
  return (
    <Table.Cell textAlign="right" w="110px" data-label="Subtotal" data-testid={`line-total-${index}`}>
      {value ? money(value) : ''}
    </Table.Cell>
  );
});

/** The line's remove button (while `shown`): memoised, it changes only with the line's position. */
const RemoveCell = memo(function RemoveCell({ index, n, shown, onRemove }: { index: number; n: number; shown: boolean; onRemove: (index: number) => void }) {
  return (
    <Table.Cell w="40px">
      {shown && (
        <IconButton size="xs" variant="ghost" colorPalette="red" aria-label={`Quitar la línea ${n}`} onClick={() => onRemove(index)}>
          <LuTrash2 />
        </IconButton>
      )}
    </Table.Cell>
  );
});

const LineRow = memo(function LineRow({ line, index, lineTotal, error, products, ivaOptions, readOnly, locked, removable, onChange, onRemove, onSearch }: LineProps) {
  // Read when the user picks, so the product cell need not redraw when the lookup answers.
  const latest = useRef({ products, onSearch });
  latest.current = { products, onSearch };
  const pick = useCallback(
    (value: string) => {
      latest.current.onSearch(value);
      onChange(index, productPatch(value, latest.current.products));
    },
    [index, onChange],
  );
  // The lookup answers after the text was typed: once it names a product, take it.
  useEffect(() => {
    if (readOnly || locked || line.product || !matchProduct(line.productText, products)) return;
    onChange(index, productPatch(line.productText, products));
  }, [readOnly, locked, line.product, line.productText, products, index, onChange]);
  const n = index + 1;
  const fixed = readOnly || locked;
  // Each cell is memoised on its values: typing in the quantity redraws that cell and the
  // subtotal, not the whole row.
  return (
    <Table.Row data-testid={`line-${index}`}>
      <ProductCell lineKey={line.key} n={n} text={line.productText} error={error} disabled={fixed} onPick={pick} />
      <DescriptionCell index={index} label={`Descripción de la línea ${n}`} value={line.descripcion} disabled={fixed} onChange={onChange} />
      <QuantityCell index={index} label={`Cantidad de la línea ${n}`} value={line.cantidad} disabled={readOnly} onChange={onChange} />
      <MoneyCell index={index} field="precioUnitario" label={`Precio unitario de la línea ${n}`} value={line.precioUnitario} disabled={fixed} onChange={onChange} />
      <MoneyCell index={index} field="descuento" step="0.01" label={`Descuento de la línea ${n}`} value={line.descuento} disabled={readOnly} onChange={onChange} />
      <IvaCell index={index} label={`IVA de la línea ${n}`} value={line.codigoPorcentajeIva} options={ivaOptions} disabled={fixed} onChange={onChange} />
      <SubtotalCell index={index} value={lineTotal} />
      <RemoveCell index={index} n={n} shown={!readOnly && removable} onRemove={onRemove} />
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
  const onAdd = useCallback(() => p.setLines((lines) => [...lines, newLine(lines[lines.length - 1]?.codigoPorcentajeIva)]), [p.setLines]);
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
          {HEADER}
          <Table.Body>
            {p.lines.map((line, i) => (
              <LineRow key={line.key} line={line} index={i} lineTotal={p.lineTotals.get(line.key)} error={p.lineErrors.get(line.key)} products={list} ivaOptions={p.ivaOptions} readOnly={p.readOnly} locked={locked} removable={!locked || p.lines.length > 1} onChange={onChange} onRemove={onRemove} onSearch={onSearch} />
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      {!p.readOnly && !locked && <AddLineButton onAdd={onAdd} />}
      {p.lines.length === 0 && <Text color="fg.muted">Sin líneas.</Text>}
    </Box>
  );
}
