// @vitest-environment jsdom
/**
 * The bank-statement import on the Cuentas por cobrar / por pagar toolbars (issue 26) shows only to
 * a user who may record payments; the others no longer see a button the server would refuse.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import PaymentImportAction from '../../../src/renderers/receivables/PaymentImportAction.tsx';
import type { SchemaEntry } from '../../../src/engine/schema-registry.ts';
import { mockApi, renderScreen, USER } from './harness.tsx';

afterEach(cleanup);

const show = (permissions: Record<string, string[]>) => {
  mockApi({});
  renderScreen([{ path: '/receivables', element: <PaymentImportAction entry={{} as SchemaEntry} basePath="/receivables" /> }], '/receivables', { ...USER, role: 'USER', permissions });
};

describe('PaymentImportAction', () => {
  it('shows «Importar estado de cuenta bancario» to a user who may record payments', async () => {
    show({ receivable: ['read'], payment: ['read', 'create'] });
    expect(await screen.findByRole('button', { name: /Importar estado de cuenta bancario/ })).toBeTruthy();
  });

  it('shows nothing to a user who may only read the receivables', async () => {
    show({ receivable: ['read'], payment: ['read'] });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: /Importar estado de cuenta bancario/ })).toBeNull();
  });
});
