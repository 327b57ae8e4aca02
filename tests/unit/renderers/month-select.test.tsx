// @vitest-environment jsdom
/**
 * The month of the close screens and the lists' month filter: a year chosen right after a month
 * keeps that month even when the parent stores the value later (the URL), instead of combining the
 * year with the month shown before (seen in Chromium under load: November picked, October served).
 */
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { MonthSelect } from '../../../src/renderers/list/MonthSelect.tsx';

afterEach(cleanup);

/** A parent that takes its time to store the value, as a router updating the URL does. */
function SlowParent(p: { seen: string[] }) {
  const [value, setValue] = useState('2026-10');
  return <MonthSelect label="Mes del cierre" value={value} onChange={(v) => (p.seen.push(v), setTimeout(() => setValue(v), 50))} />;
}

describe('MonthSelect', () => {
  it('month then year in quick succession: the new month stays', async () => {
    const seen: string[] = [];
    render(
      <ChakraProvider value={defaultSystem}>
        <SlowParent seen={seen} />
      </ChakraProvider>,
    );
    fireEvent.change(screen.getByLabelText('Mes del cierre'), { target: { value: '11' } });
    fireEvent.change(screen.getByLabelText('Mes del cierre: año'), { target: { value: '2025' } });
    expect(seen).toEqual(['2026-11', '2025-11']);
    await act(() => new Promise((r) => setTimeout(r, 120)));
    expect((screen.getByLabelText('Mes del cierre') as HTMLSelectElement).value).toBe('11');
    expect((screen.getByLabelText('Mes del cierre: año') as HTMLSelectElement).value).toBe('2025');
  });
});
