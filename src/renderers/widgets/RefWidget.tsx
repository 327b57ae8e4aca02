/**
 * rjsf widget for `x-ref` fields: an async lookup against `/api/<resource>?q=` (search as you type)
 * showing each record's label (its schema's label field: razón social, descripción, nombre…) and
 * its key column; the value stored is the record's `_id`.
 * @example schema: { "cliente": { "type": "string", "x-ref": "customer" } }
 */
import { AsyncSelect } from 'chakra-react-select';
import type { WidgetProps } from '@rjsf/utils';
import { WidgetField } from './WidgetField.tsx';
import { request } from '../../engine/api-client.ts';
import { useRecord, type Row } from '../../engine/resources.ts';
import { labelFieldOf, resolveApiPath, useSchemas } from '../../engine/schema-registry.ts';

export interface RefOption {
  value: string;
  label: string;
  row: Row;
}

/**
 * Where to search a resource and how to show its records as options: `"<label> (<key>)"`, the key
 * being the first column of its list when that is not the label (identificación, código…).
 * @example const { load, toOption } = useRefSource('customer'); const options = await load('ferre');
 */
export function useRefSource(resource: string) {
  const schemas = useSchemas();
  const entry = schemas[resource];
  const apiPath = resolveApiPath({ resource, schemas });
  const labelField = entry ? labelFieldOf(entry) : 'name';
  const keyField = entry?.list.columns?.find((c) => c.field !== labelField)?.field;
  const toOption = (row: Row): RefOption => {
    const key = keyField ? row[keyField] : undefined;
    return { value: String(row._id), label: `${String(row[labelField] ?? row._id)}${key ? ` (${String(key)})` : ''}`, row };
  };
  const load = async (q: string) => (await request<Row[]>({ path: apiPath, query: { q, per_page: 20 } })).data?.map(toOption) ?? [];
  return { apiPath, toOption, load };
}

export function RefWidget(props: WidgetProps) {
  const resource = String(props.schema['x-ref'] ?? '');
  const { toOption, load } = useRefSource(resource);
  const { record } = useRecord({ resource, id: typeof props.value === 'string' && props.value ? props.value : undefined });
  return (
    <WidgetField props={props}>
      <AsyncSelect<RefOption, false>
        inputId={props.id}
        aria-label={props.label}
        size="sm"
        isClearable={!props.required}
        isDisabled={props.disabled || props.readonly}
        cacheOptions
        defaultOptions
        loadOptions={load}
        placeholder="Escriba para buscar…"
        noOptionsMessage={() => 'Sin resultados'}
        loadingMessage={() => 'Buscando…'}
        value={record ? toOption(record) : null}
        onChange={(opt) => props.onChange(opt?.value ?? undefined)}
      />
    </WidgetField>
  );
}
