/**
 * A search-as-you-type picker of another resource's record (the value is its `_id`), shown by its
 * label (`useRefSource`), also after a reload. Used by the `x-ref` form widget, the list's `ref`
 * filters and the invoice editor's customer lookup.
 * @example <RefSelect resource="customer" value={id} onChange={(id) => setId(id)} inputId="cliente" label="Cliente" />
 */
import { useState } from 'react';
import { AsyncSelect } from 'chakra-react-select';
import { fetchPage, useRecord, type Row } from '../../engine/resources.ts';
import { labelFieldOf, resolveApiPath, useSchemas } from '../../engine/schema-registry.ts';
import { statusLabel } from '../../../core/comprobante-status.ts';

export interface RefOption {
  value: string;
  label: string;
  row: Row;
}

/**
 * Where to search a resource and how to show its records as options: `"<label> (<key>)"`, the key
 * being the first column of its list when that is not the label (identificación, código, a
 * factura's status as its list shows it: "001-001-000000001 (Autorizada)").
 * @example const { load, toOption } = useRefSource('customer'); const options = await load('ferre');
 */
export function useRefSource(resource: string) {
  const schemas = useSchemas();
  const entry = schemas[resource];
  const apiPath = resolveApiPath({ resource, schemas });
  const labelField = entry ? labelFieldOf(entry) : 'name';
  const keyColumn = entry?.list.columns?.find((c) => c.field !== labelField);
  // The key as its list shows it: a status or a flag by its label ('Autorizada', not AUTORIZADA).
  const keyText = (key: unknown) => (keyColumn?.format === 'status' ? statusLabel(String(key)) : (keyColumn?.flags?.[String(key)]?.label ?? String(key)));
  const toOption = (row: Row): RefOption => {
    const key = keyColumn ? row[keyColumn.field] : undefined;
    return { value: String(row._id), label: `${String(row[labelField] ?? row._id)}${key ? ` (${keyText(key)})` : ''}`, row };
  };
  const load = async (q: string) => (await fetchPage(apiPath, { q, per_page: 20 })).rows.map(toOption);
  return { apiPath, toOption, load };
}

export interface RefSelectProps {
  resource: string;
  value?: string;
  /** The chosen `_id` (undefined when cleared) and its row. */
  onChange: (id: string | undefined, row?: Row) => void;
  inputId: string;
  /** The accessible name. */
  label: string;
  placeholder?: string;
  clearable?: boolean;
  disabled?: boolean;
  /** Stretch to the container's width. */
  fullWidth?: boolean;
  /** Take the focus when mounted (a stand-in had it: the list filter's RefFilter). */
  autoFocus?: boolean;
  /** The search text at mount (typed into a stand-in before the picker loaded); its options load at once. */
  initialInput?: string;
  /** Open the options at mount (the stand-in was clicked or typed into). */
  defaultMenuIsOpen?: boolean;
}

export function RefSelect(p: RefSelectProps) {
  const { toOption, load } = useRefSource(p.resource);
  const { record } = useRecord({ resource: p.resource, id: p.value || undefined });
  // Held here rather than inside react-select so that a search typed before mount (initialInput)
  // is the one its first options load for; react-select reports every change, as it would keep it.
  const [input, setInput] = useState(p.initialInput ?? '');
  return (
    <AsyncSelect<RefOption, false>
      inputId={p.inputId}
      inputValue={input}
      onInputChange={(text) => setInput(text)}
      autoFocus={p.autoFocus}
      defaultMenuIsOpen={p.defaultMenuIsOpen}
      aria-label={p.label}
      size="sm"
      isClearable={p.clearable}
      isDisabled={p.disabled}
      cacheOptions
      defaultOptions
      loadOptions={load}
      placeholder={p.placeholder ?? 'Escriba para buscar…'}
      noOptionsMessage={() => 'Sin resultados'}
      loadingMessage={() => 'Buscando…'}
      value={p.value && record ? toOption(record) : null}
      onChange={(opt) => p.onChange(opt?.value, opt?.row)}
      chakraStyles={{
        // Above a table's sticky header (z-index 1), which would otherwise cover the options under it.
        menu: (base) => ({ ...base, zIndex: 'dropdown' }),
        ...(p.fullWidth ? { container: (base) => ({ ...base, width: '100%' }) } : {}),
      }}
    />
  );
}
