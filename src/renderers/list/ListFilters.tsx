/**
 * The filters a list.json declares, each with its label: selects (e.g. invoice status), date ranges
 * (`from`, `to`), months (`"type": "month"`, 'YYYY-MM'), typed values (`"type": "text"` with a
 * `pattern`) and references to another record (`"type": "ref"`, e.g. the invoice's customer).
 */
import { useState } from 'react';
import { Field, Flex, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import type { ListFilter } from '../../engine/schema-registry.ts';
import { RefFilter } from './RefFilter.tsx';
import { MonthSelect } from './MonthSelect.tsx';
import { DateInput } from '../widgets/DateInput.tsx';

function DateField(p: { label: string; value?: string; onChange: (value: string) => void }) {
  return (
    <Field.Root w="auto">
      <Field.Label fontSize="xs" color="fg.muted">
        {p.label}
      </Field.Label>
      <DateInput aria-label={p.label} value={p.value ?? ''} onChange={p.onChange} w="170px" />
    </Field.Root>
  );
}

/** Two selects, each with its own accessible name: not inside a Field.Root, which would give both one id. */
function MonthField(p: { label: string; value?: string; onChange: (value: string) => void }) {
  return (
    <Stack gap="1.5">
      <Text fontSize="xs" color="fg.muted" fontWeight="medium">
        {p.label}
      </Text>
      <MonthSelect label={p.label} value={p.value ?? ''} onChange={p.onChange} allowEmpty />
    </Stack>
  );
}

/** A typed filter (e.g. a ptoEmi): sent once it matches `pattern`, cleared when emptied. */
function TextField(p: { filter: ListFilter; value?: string; onChange: (value: string | undefined) => void }) {
  const [text, setText] = useState(p.value ?? '');
  const valid = (v: string) => !p.filter.pattern || new RegExp(p.filter.pattern).test(v);
  return (
    <Field.Root w="auto" invalid={text !== '' && !valid(text)}>
      <Field.Label fontSize="xs" color="fg.muted">
        {p.filter.title}
      </Field.Label>
      <Input
        size="sm"
        w="120px"
        value={text}
        placeholder={p.filter.placeholder}
        onChange={(e) => {
          setText(e.target.value);
          if (e.target.value === '') p.onChange(undefined);
          else if (valid(e.target.value)) p.onChange(e.target.value);
        }}
      />
    </Field.Root>
  );
}

/** @example <ListFilters filters={entry.list.filters} values={list.filters} onChange={list.setFilters} /> */
export function ListFilters(p: { filters: ListFilter[]; values: Record<string, string | undefined>; onChange: (changes: Record<string, string | undefined>) => void }) {
  return (
    <Flex gap="3" wrap="wrap" align="flex-end" role="group" aria-label="Filtros">
      {p.filters.map((f) =>
        f.type === 'ref' ? (
          <RefFilter key={f.field} filter={{ ...f, type: 'ref', resource: f.resource ?? f.field }} value={p.values[f.field]} onChange={(value) => p.onChange({ [f.field]: value })} />
        ) : f.type === 'month' ? (
          <MonthField key={f.field} label={f.title} value={p.values[f.field]} onChange={(value) => p.onChange({ [f.field]: value })} />
        ) : f.type === 'text' ? (
          <TextField key={f.field} filter={f} value={p.values[f.field]} onChange={(value) => p.onChange({ [f.field]: value })} />
        ) : f.type === 'date' ? (
          <DateField key={f.field} label={f.title} value={p.values[f.field]} onChange={(value) => p.onChange({ [f.field]: value })} />
        ) : f.type === 'date-range' ? (
          <Flex key={f.field} gap="2" wrap="wrap" align="flex-end">
            <DateField label={`${f.title}: desde`} value={p.values.from} onChange={(from) => p.onChange({ from })} />
            <DateField label="hasta" value={p.values.to} onChange={(to) => p.onChange({ to })} />
          </Flex>
        ) : (
          <Field.Root key={f.field} w="auto">
            <Field.Label fontSize="xs" color="fg.muted">
              {f.title}
            </Field.Label>
            <NativeSelect.Root size="sm" w="200px">
              <NativeSelect.Field value={p.values[f.field] ?? ''} onChange={(e) => p.onChange({ [f.field]: e.target.value })}>
                <option value="">Todos</option>
                {f.options?.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        ),
      )}
    </Flex>
  );
}
