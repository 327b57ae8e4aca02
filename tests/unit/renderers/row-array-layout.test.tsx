// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { SchemaForm } from '../../../src/renderers/SchemaForm.tsx';
import type { SchemaEntry } from '../../../src/engine/schema-registry.ts';

// A plain schema, unknown to Emite's editors: only its uiSchema asks for rows.
const entry: SchemaEntry = {
  name: 'shopping',
  schema: {
    type: 'object',
    properties: {
      owner: { type: 'string', title: 'Responsable' },
      items: {
        type: 'array',
        title: 'Artículos',
        maxItems: 3,
        items: {
          type: 'object',
          required: ['name'],
          properties: {
            name: { type: 'string', title: 'Nombre' },
            qty: { type: 'number', title: 'Cantidad' },
            note: { type: 'string', title: 'Nota' },
          },
        },
      },
      tags: { type: 'array', title: 'Etiquetas', items: { type: 'object', properties: { tag: { type: 'string', title: 'Etiqueta' } } } },
    },
  },
  ui: {
    items: { 'ui:options': { layout: 'row', rowLabel: '{title} del artículo {n}', removeLabel: 'Quitar el artículo {n}', addLabel: 'Agregar artículo' }, items: { note: { 'ui:widget': 'hidden' }, 'ui:order': ['qty', '*'] } },
  },
  list: {},
};

function Harness({ initial, disabled, onData }: { initial: Record<string, unknown>; disabled?: boolean; onData?: (d: Record<string, unknown>) => void }) {
  const [data, setData] = useState(initial);
  return (
    <ChakraProvider value={defaultSystem}>
      <SchemaForm
        entry={entry}
        formData={data}
        editing
        disabled={disabled}
        onChange={(d) => {
          setData(d);
          onData?.(d);
        }}
        onSubmit={() => undefined}
      />
    </ChakraProvider>
  );
}

afterEach(cleanup);

describe('row layout for arrays (ui:options.layout "row")', () => {
  it('draws one row per item with column headers, numbered accessible names, a delete button per row and no reorder arrows', () => {
    let last: Record<string, unknown> = {};
    render(<Harness initial={{ items: [{ name: 'Pan', qty: 2 }, { name: 'Leche', qty: 1 }] }} onData={(d) => (last = d)} />);
    const header = screen.getByTestId('row-header');
    // the columns follow ui:order, and a hidden field has none
    expect(Array.from(header.firstElementChild!.children).map((c) => c.textContent)).toEqual(['Cantidad', 'Nombre *']);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Nombre del artículo 2' }).value).toBe('Leche');
    expect(screen.getByLabelText<HTMLInputElement>('Cantidad del artículo 1').value).toBe('2');
    expect(screen.queryByLabelText(/Nota/)).toBeNull();
    expect(screen.getAllByRole('button', { name: /^Quitar el artículo \d$/ })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /subir|bajar|copiar|move|copy/i })).toBeNull();

    fireEvent.change(screen.getByRole('textbox', { name: 'Nombre del artículo 2' }), { target: { value: 'Queso' } });
    expect(last.items).toEqual([{ name: 'Pan', qty: 2 }, { name: 'Queso', qty: 1 }]);
    fireEvent.click(screen.getByRole('button', { name: 'Quitar el artículo 1' }));
    expect(last.items).toEqual([{ name: 'Queso', qty: 1 }]);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Nombre del artículo 1' }).value).toBe('Queso');
  });

  it('adds a row with the "Agregar" button, puts the cursor in it, and stops at maxItems', () => {
    let last: Record<string, unknown> = {};
    render(<Harness initial={{ items: [{ name: 'Pan' }] }} onData={(d) => (last = d)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Agregar artículo' }));
    expect((last.items as unknown[]).length).toBe(2);
    expect(document.activeElement).toBe(screen.getByLabelText('Cantidad del artículo 2'));
    fireEvent.click(screen.getByRole('button', { name: 'Agregar artículo' }));
    expect(screen.getAllByLabelText(/^Nombre del artículo/)).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Agregar artículo' })).toBeNull();
  });

  it('ties the labels of rows that rjsf drew on its own (no new render of the form around it) to their inputs', async () => {
    // No onChange: "Agregar" changes only rjsf's own state, so only rjsf renders again (as when a
    // guía's lines arrive from its factura while the editor around the form stays as it was).
    render(
      <ChakraProvider value={defaultSystem}>
        <SchemaForm entry={entry} formData={{ items: [{ name: 'Pan' }] }} editing onSubmit={() => undefined} />
      </ChakraProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Agregar artículo' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Nombre del artículo 2' })).toBeTruthy());
    expect(screen.getByRole('textbox', { name: 'Nombre del artículo 1' })).toBeTruthy();
  });

  it('shows the rows without add or delete buttons when the form is disabled', () => {
    render(<Harness initial={{ items: [{ name: 'Pan' }] }} disabled />);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Nombre del artículo 1' }).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /Quitar el artículo|Agregar artículo/ })).toBeNull();
  });

  it('leaves arrays without the option in rjsf’s own layout', () => {
    render(<Harness initial={{ tags: [{ tag: 'a' }] }} />);
    // the plain array's field keeps its plain title; the empty row array shows no header, only its add button
    expect(screen.getByLabelText<HTMLInputElement>('Etiqueta').value).toBe('a');
    expect(screen.queryByTestId('row-header')).toBeNull();
    expect(screen.getByRole('button', { name: 'Agregar artículo' })).toBeTruthy();
  });
});
