// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { Guard, loginRedirect } from '../../../src/shell/Guard.tsx';
import { session } from '../../../src/engine/session.ts';
import { removeStrayBackdrops } from '../../../src/shell/ScrollReset.tsx';

function Where() {
  const l = useLocation();
  return <p data-testid="where">{`${l.pathname}${l.search}`}</p>;
}

function app(initial: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <Where /> },
      { path: '*', element: <Guard><p>privado</p></Guard> },
    ],
    { initialEntries: [initial] },
  );
  return render(<RouterProvider router={router} />);
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  session.reset();
});

describe('route guard', () => {
  it('sends a visitor without a session to /login with the attempted URL as returnUrl', () => {
    app('/invoicing/product?page=2');
    expect(screen.getByTestId('where').textContent).toBe('/login?returnUrl=%2Finvoicing%2Fproduct%3Fpage%3D2');
    expect(loginRedirect('/x')).toBe('/login?returnUrl=%2Fx');
  });

  it('lets a signed-in user through', () => {
    session.signIn('t', { _id: 'u', email: 'a@b.ec', firstName: 'A', lastName: 'B', role: 'EMISOR', isStaff: false, company: { _id: 'c', ruc: '1', razonSocial: 'C' }, permissions: {} });
    app('/invoicing/product');
    expect(screen.getByText('privado')).toBeTruthy();
  });
});

describe('navigation clean-up', () => {
  it('removes stray modal backdrops', () => {
    document.body.innerHTML = '<div class="modal-backdrop"></div><div data-scope="dialog" data-part="backdrop" data-state="closed"></div><div data-scope="dialog" data-part="backdrop" data-state="open"></div>';
    document.body.classList.add('modal-open');
    expect(removeStrayBackdrops()).toBe(2);
    expect(document.querySelectorAll('[data-part="backdrop"]')).toHaveLength(1);
    expect(document.body.classList.contains('modal-open')).toBe(false);
  });

  it('leaves a closing backdrop that React still renders, so its unmount does not crash', () => {
    function Closing() {
      return <div data-scope="dialog" data-part="backdrop" data-state="closed" data-testid="closing" />;
    }
    const view = render(<Closing />);
    expect(removeStrayBackdrops()).toBe(0);
    expect(screen.getByTestId('closing')).toBeTruthy();
    expect(() => view.unmount()).not.toThrow();
  });
});
