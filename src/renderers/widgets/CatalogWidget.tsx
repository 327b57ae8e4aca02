/**
 * rjsf widget for `x-catalog` fields: a select of the table's active entries ("code — name"), only
 * those the schema's `enum` admits when it has one (a transportista is never "07 consumidor final").
 * @example uiSchema: { codigoPorcentajeIva: { "ui:widget": "catalog" } } with schema "x-catalog": "tarifa_iva"
 */
import { NativeSelect } from '@chakra-ui/react';
import type { WidgetProps } from '@rjsf/utils';
import { WidgetField } from './WidgetField.tsx';
import { useCatalog } from '../../engine/catalogs.ts';

export function CatalogWidget(props: WidgetProps) {
  const table = String(props.schema['x-catalog'] ?? props.options.catalog ?? '');
  const { active, entries, isLoading } = useCatalog(table);
  const current = entries.find((e) => e.code === props.value);
  const admitted = Array.isArray(props.schema.enum) ? new Set(props.schema.enum.map(String)) : undefined;
  const allowed = admitted ? active.filter((e) => admitted.has(e.code)) : active;
  const options = current && !allowed.includes(current) ? [current, ...allowed] : allowed;
  return (
    <WidgetField props={props}>
      <NativeSelect.Root size="sm" disabled={props.disabled || props.readonly || isLoading}>
        <NativeSelect.Field id={props.id} aria-label={props.label} value={props.value ?? ''} onChange={(e) => props.onChange(e.target.value === '' ? undefined : e.target.value)} onBlur={() => props.onBlur(props.id, props.value)}>
          {(!props.required || props.value === undefined) && <option value="">{isLoading ? 'Cargando…' : 'Seleccione…'}</option>}
          {options.map((e) => (
            <option key={e.code} value={e.code}>
              {e.code} — {e.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </WidgetField>
  );
}
