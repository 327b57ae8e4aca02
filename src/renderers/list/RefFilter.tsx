/**
 * A list filter whose value is another record's `_id` (list.json `"type": "ref"`), picked by
 * searching that resource as you type; the chosen record is shown by its label, also after a reload.
 * @example <RefFilter filter={{ field: 'customer', title: 'Cliente', type: 'ref', resource: 'customer' }} value={id} onChange={setId} />
 */
import { Field } from '@chakra-ui/react';
import { AsyncSelect } from 'chakra-react-select';
import { useRecord } from '../../engine/resources.ts';
import { useRefSource, type RefOption } from '../widgets/RefWidget.tsx';
import type { ListFilter } from '../../engine/schema-registry.ts';

export function RefFilter(p: { filter: ListFilter & { type: 'ref'; resource: string }; value?: string; onChange: (value: string | undefined) => void }) {
  const { toOption, load } = useRefSource(p.filter.resource);
  const { record } = useRecord({ resource: p.filter.resource, id: p.value || undefined });
  const inputId = `filter-${p.filter.field}`;
  return (
    <Field.Root w={{ base: 'full', sm: '260px' }}>
      <Field.Label fontSize="xs" color="fg.muted" htmlFor={inputId}>
        {p.filter.title}
      </Field.Label>
      <AsyncSelect<RefOption, false>
        inputId={inputId}
        aria-label={p.filter.title}
        size="sm"
        isClearable
        cacheOptions
        defaultOptions
        loadOptions={load}
        placeholder="Todos"
        noOptionsMessage={() => 'Sin resultados'}
        loadingMessage={() => 'Buscando…'}
        value={p.value && record ? toOption(record) : null}
        onChange={(opt) => p.onChange(opt?.value)}
        chakraStyles={{ container: (base) => ({ ...base, width: '100%' }) }}
      />
    </Field.Root>
  );
}
