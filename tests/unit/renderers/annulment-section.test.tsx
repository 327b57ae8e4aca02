// @vitest-environment jsdom
/** The anulación on the issued panel (src/renderers/comprobante/AnnulmentSection.tsx): the offer with its deadline, a rule said instead of the button, the steps in SRI en línea with the real SRI, withdrawal. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { AnnulmentSection } from '../../../src/renderers/comprobante/AnnulmentSection.tsx';
import { SRI_EN_LINEA_STEPS } from '../../../core/annulment.ts';
import { annulmentDeadline } from '../../../core/annulment-rules.ts';
import { guayaquilDate } from '../../../core/guayaquil-date.ts';
import { session } from '../../../src/engine/session.ts';
import { mockApi, USER } from './harness.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const today = guayaquilDate(new Date());
const factura = { _id: 'f1', codDoc: '01', status: 'AUTORIZADA', numero: '001-001-000000123', fechaEmision: today, identificacionComprador: '1714307103', annulment: null };
const show = (record: Record<string, unknown>, onChanged = vi.fn()) => {
  session.signIn('tok', USER);
  render(
    <ChakraProvider value={defaultSystem}>
      <AnnulmentSection record={record} base="/api/invoice/f1" title="Factura 001-001-000000123" onChanged={onChanged} />
    </ChakraProvider>,
  );
  return onChanged;
};
const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('/');

describe('AnnulmentSection', () => {
  it('offers "Solicitar anulación" with the online deadline; the dialog asks for the motivo and sends it', async () => {
    const calls = mockApi({ 'POST /api/invoice/f1/annulment': () => ({ status: 201, body: { ...factura, status: 'ANULADA', annulment: { state: 'ANULADA', motivo: 'Error', requestedAt: new Date().toISOString(), requestedBy: 'u1', deadline: annulmentDeadline(today), needsAcceptance: false } } }) });
    const onChanged = show(factura);
    expect(screen.getByTestId('annulment-deadline').textContent).toBe(`Se puede anular en línea hasta el ${ddmmyyyy(annulmentDeadline(today))}.`);
    fireEvent.click(screen.getByRole('button', { name: 'Solicitar anulación' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(`hasta el ${ddmmyyyy(annulmentDeadline(today))}`);
    const confirm = within(dialog).getByRole('button', { name: 'Solicitar anulación' });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/Motivo/), { target: { value: '  Error en los datos  ' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(expect.objectContaining({ status: 'ANULADA' })));
    expect(calls.find((c) => c.path === '/api/invoice/f1/annulment')?.body).toEqual({ motivo: 'Error en los datos' });
  });

  it('a consumidor final factura: the rule is said instead of the button', () => {
    show({ ...factura, identificacionComprador: '9999999999999' });
    expect(screen.queryByRole('button', { name: 'Solicitar anulación' })).toBeNull();
    expect(screen.getByTestId('annulment-refusal').textContent).toMatch(/consumidor final no se puede anular/);
  });

  it('with the real SRI a request shows the steps in SRI en línea, and can be withdrawn', async () => {
    mockApi({ 'DELETE /api/invoice/f1/annulment': () => ({ body: { ...factura, annulment: null } }) });
    const annulment = { state: 'SOLICITADA', motivo: 'Operación no realizada', requestedAt: new Date().toISOString(), requestedBy: 'u1', requestedByName: 'Ana Pérez', deadline: annulmentDeadline(today), needsAcceptance: false, sandboxPortal: false };
    const onChanged = show({ ...factura, annulment });
    expect(screen.getByTestId('annulment-state').textContent).toBe('Anulación solicitada');
    expect(screen.getByText(/por Ana Pérez/)).toBeTruthy();
    const steps = screen.getByTestId('sri-en-linea-steps');
    for (const s of SRI_EN_LINEA_STEPS) expect(steps.textContent).toContain(s);
    expect(screen.queryByRole('button', { name: 'Solicitar anulación' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retirar solicitud' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(expect.objectContaining({ annulment: null })));
  });

  it('a request made in the sandbox portal shows no SRI en línea steps; a pending retención says when the receiver must answer', () => {
    show({ ...factura, codDoc: '07', annulment: { state: 'PENDIENTE_ANULAR', motivo: 'Error', requestedAt: new Date().toISOString(), requestedBy: 'u1', deadline: '2026-12-07', acceptanceDeadline: '2026-12-03', needsAcceptance: true, sandboxPortal: true } });
    expect(screen.queryByTestId('sri-en-linea-steps')).toBeNull();
    expect(screen.getByTestId('annulment').textContent).toContain('El receptor debe aceptarla hasta el 03/12/2026');
    expect(screen.queryByRole('button', { name: 'Retirar solicitud' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Consultar anulación' })).toBeTruthy();
  });
});
