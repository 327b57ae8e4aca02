// @vitest-environment jsdom
/**
 * The dd/mm/aaaa date field (src/renderers/widgets/DateInput.tsx): shown and typed day first
 * whatever the browser's language, passed on as ISO only when it is a date.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { emiteSystem } from '../../../src/shell/chakra-system.ts';
import { DateInput } from '../../../src/renderers/widgets/DateInput.tsx';

afterEach(cleanup);

function Harness({ initial, seen }: { initial: string; seen: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <ChakraProvider value={emiteSystem}>
      <DateInput
        aria-label="Desde"
        value={value}
        onChange={(iso) => {
          seen.push(iso);
          setValue(iso);
        }}
      />
      <button type="button" onClick={() => setValue('2026-12-24')}>
        Nochebuena
      </button>
    </ChakraProvider>
  );
}

describe('DateInput', () => {
  it('shows the ISO value as dd/mm/aaaa and passes on what is typed as ISO once it is a date', () => {
    const seen: string[] = [];
    render(<Harness initial="2026-11-01" seen={seen} />);
    const input = screen.getByLabelText<HTMLInputElement>('Desde');
    expect(input.value).toBe('01/11/2026');
    fireEvent.change(input, { target: { value: '15/1' } });
    expect(seen).toEqual([]);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(input, { target: { value: '15/1/2026' } });
    expect(seen).toEqual(['2026-01-15']);
    expect(input.value).toBe('15/1/2026');
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('puts back the last date when left with text that is not one, and follows a value set from outside', () => {
    const seen: string[] = [];
    render(<Harness initial="2026-11-01" seen={seen} />);
    const input = screen.getByLabelText<HTMLInputElement>('Desde');
    fireEvent.change(input, { target: { value: '31/02/2026' } });
    fireEvent.blur(input);
    expect(input.value).toBe('01/11/2026');
    expect(seen).toEqual([]);
    fireEvent.click(screen.getByText('Nochebuena'));
    expect(input.value).toBe('24/12/2026');
    fireEvent.change(input, { target: { value: '' } });
    expect(seen).toEqual(['']);
  });
});
