/**
 * A list filter whose value is another record's `_id` (list.json `"type": "ref"`), picked by
 * searching that resource as you type; the chosen record is shown by its label, also after a reload.
 * @example <RefFilter filter={{ field: 'customer', title: 'Cliente', type: 'ref', resource: 'customer' }} value={id} onChange={setId} />
 */
import { Field } from '@chakra-ui/react';
import { RefSelect } from '../widgets/RefSelect.tsx';
import type { ListFilter } from '../../engine/schema-registry.ts';

export function RefFilter(p: { filter: ListFilter & { type: 'ref'; resource: string }; value?: string; onChange: (value: string | undefined) => void }) {
  const inputId = `filter-${p.filter.field}`;
  return (
    <Field.Root w={{ base: 'full', sm: '260px' }}>
      <Field.Label fontSize="xs" color="fg.muted" htmlFor={inputId}>
        {p.filter.title}
      </Field.Label>
      <RefSelect resource={p.filter.resource} value={p.value} onChange={(id) => p.onChange(id)} inputId={inputId} label={p.filter.title} placeholder="Todos" clearable fullWidth />
    </Field.Root>
  );
}
