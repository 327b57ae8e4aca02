/**
 * A list filter whose value is another record's `_id` (list.json `"type": "ref"`), picked by
 * searching that resource as you type; the chosen record is shown by its label, also after a reload.
 *
 * The picker (react-select, the largest piece of a list's script) loads when the filter is first
 * used, not with the list (issue 30: the invoice list is the first screen): until then a plain input
 * that looks the same stands in, and what was done to it (a click, the focus, typed text) carries
 * over to the picker. A value already chosen (a shared link) loads the picker at once to show its name.
 * @example <RefFilter filter={{ field: 'customer', title: 'Cliente', type: 'ref', resource: 'customer' }} value={id} onChange={setId} />
 */
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { Box, Field, Input } from '@chakra-ui/react';
import { LuChevronDown } from 'react-icons/lu';
import type { ListFilter } from '../../engine/schema-registry.ts';
import type { RefSelectProps } from '../widgets/RefSelect.tsx';

const loadRefSelect = () => import('../widgets/RefSelect.tsx');

type Loaded = { Picker: ComponentType<RefSelectProps>; focused: boolean; text: string; open: boolean };

export function RefFilter(p: { filter: ListFilter & { type: 'ref'; resource: string }; value?: string; onChange: (value: string | undefined) => void }) {
  const inputId = `filter-${p.filter.field}`;
  const stand = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [clicked, setClicked] = useState(false);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const textRef = useRef(text);
  textRef.current = text;
  const clickedRef = useRef(clicked);
  clickedRef.current = clicked;
  const requested = useRef(false);
  const wake = () => {
    if (requested.current) return;
    requested.current = true;
    void loadRefSelect().then((m) => {
      // Typed text means the person is searching in it, focused or not (a test's change event is not).
      const typed = textRef.current !== '';
      setLoaded({ Picker: m.RefSelect, focused: typed || document.activeElement === stand.current, text: textRef.current, open: typed || clickedRef.current });
    });
  };
  useEffect(() => {
    if (p.value) wake();
  });
  return (
    <Field.Root w={{ base: 'full', sm: '260px' }}>
      <Field.Label fontSize="xs" color="fg.muted" htmlFor={inputId}>
        {p.filter.title}
      </Field.Label>
      {loaded ? (
        <loaded.Picker
          resource={p.filter.resource}
          value={p.value}
          onChange={(id) => p.onChange(id)}
          inputId={inputId}
          label={p.filter.title}
          placeholder="Todos"
          clearable
          fullWidth
          autoFocus={loaded.focused}
          initialInput={loaded.text}
          defaultMenuIsOpen={loaded.focused && loaded.open}
        />
      ) : (
        <Box position="relative" w="full">
          <Input
            ref={stand}
            id={inputId}
            aria-label={p.filter.title}
            size="sm"
            placeholder="Todos"
            autoComplete="off"
            // Where react-select puts its text (value container) and its chevron, to the pixel.
            ps="3"
            pe="72px"
            value={text}
            onPointerEnter={wake}
            onFocus={wake}
            onPointerDown={() => {
              setClicked(true);
              wake();
            }}
            onChange={(e) => {
              setText(e.target.value);
              wake();
            }}
          />
          <Box position="absolute" top="0" bottom="0" right="1px" pe="2.5" display="flex" alignItems="center" color="fg.muted" pointerEvents="none" aria-hidden>
            <LuChevronDown size="16" />
          </Box>
        </Box>
      )}
    </Field.Root>
  );
}
