// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadMenu, routesFromMenu, titleFor, FALLBACK_MENU, type MenuEntry } from '../../../src/engine/menu.ts';
import { ApiError, request } from '../../../src/engine/api-client.ts';
import { onNotify, type Notification } from '../../../src/engine/notify.ts';
import { session, type CurrentUser } from '../../../src/engine/session.ts';
import { BUNDLED } from '../../../src/engine/schema-registry.ts';
import { detailsToErrorSchema, enrichUiSchema } from '../../../src/engine/form-schema.ts';

const user: CurrentUser = {
  _id: 'u1',
  email: 'ana@example.com',
  firstName: 'Ana',
  lastName: 'Pérez',
  role: 'SUPERADMIN',
  isStaff: false,
  company: { _id: 'c1', ruc: '1790016919001', razonSocial: 'Demo S.A.' },
  permissions: { product: ['read'] },
};

function respond(status: number, body: unknown, headers: Record<string, string> = {}) {
  return vi.fn(async () => new Response(body === undefined ? '' : JSON.stringify(body), { status, statusText: status === 500 ? 'Internal Server Error' : 'OK', headers: { 'content-type': 'application/json', ...headers } }));
}

let notes: Notification[] = [];
let off: () => void;
beforeEach(() => {
  localStorage.clear();
  session.reset();
  notes = [];
  off = onNotify((n) => notes.push(n));
});
afterEach(() => {
  off();
  vi.unstubAllGlobals();
});

describe('menu', () => {
  it('falls back to the bundled menu when the call fails', async () => {
    vi.stubGlobal('fetch', respond(500, { statusCode: 500, message: 'boom' }));
    const { menu, fromFallback } = await loadMenu();
    expect(fromFallback).toBe(true);
    expect(menu).toBe(FALLBACK_MENU);
    expect(menu.map((m) => m.path)).toEqual(['/dashboard', '/invoicing']);
    expect(menu[1].children!.map((c) => c.path)).toEqual(['product', 'customer', 'establishment', 'invoice', 'user']);
    expect(notes).toEqual([]); // the menu call passes its error on, it does not notify
  });

  it('uses the server menu when it answers, sending the bearer token', async () => {
    session.signIn('tok-1', user);
    const server: MenuEntry[] = [{ path: '/dashboard', title: 'Dashboard', type: 'link' }];
    const fetchMock = respond(200, server);
    vi.stubGlobal('fetch', fetchMock);
    const { menu, fromFallback } = await loadMenu();
    expect(fromFallback).toBe(false);
    expect(menu).toEqual(server);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/admin/menu/');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer tok-1');
  });

  it('builds list, new and edit routes for each child with a registered schema', () => {
    const routes = routesFromMenu(FALLBACK_MENU, BUNDLED);
    const paths = routes.map((r) => `${r.kind} ${r.path}`);
    expect(paths).toContain('list /invoicing/product');
    expect(paths).toContain('form /invoicing/product/new');
    expect(paths).toContain('form /invoicing/product/:id');
    expect(paths).toContain('list /invoicing/invoice');
    expect(paths).toContain('custom /dashboard');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(routesFromMenu([{ path: '/x', title: 'X', type: 'sub', children: [{ path: 'nope', title: 'Nope' }] }], BUNDLED)).toEqual([]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"nope"'));
  });

  it('titles a page from its route, defaulting to Dashboard', () => {
    expect(titleFor('/invoicing/customer/123', FALLBACK_MENU)).toBe('Clientes');
    expect(titleFor('/pages/user', FALLBACK_MENU)).toBe('Mi Perfil');
    expect(titleFor('/somewhere', FALLBACK_MENU)).toBe('Inicio');
  });
});

describe('error rules (spec §8)', () => {
  it('admin and user calls show a danger notification with the server message and resolve empty', async () => {
    vi.stubGlobal('fetch', respond(409, { statusCode: 409, message: 'El cliente se usa en 2 facturas' }));
    const res = await request({ path: '/api/customer/1', method: 'DELETE' });
    expect(res.data).toBeUndefined();
    expect(notes).toEqual([expect.objectContaining({ type: 'danger', message: 'El cliente se usa en 2 facturas', durationMs: 5000 })]);
  });

  it('uses the HTTP message when there is no body', async () => {
    vi.stubGlobal('fetch', respond(500, undefined));
    await request({ path: '/api/product' });
    expect(notes[0].message).toBe('Internal Server Error');
  });

  it('menu and profile calls pass the body on, or "Server Error"', async () => {
    vi.stubGlobal('fetch', respond(500, { message: 'caído' }));
    await expect(request({ path: '/api/user/profile-info', kind: 'profile' })).rejects.toEqual({ message: 'caído' });
    vi.stubGlobal('fetch', respond(502, undefined));
    await expect(request({ path: '/api/admin/menu/', kind: 'menu' })).rejects.toBe('Server Error');
    expect(notes).toEqual([]);
  });

  it('auth calls pass the body to the page; form calls throw ApiError with details', async () => {
    vi.stubGlobal('fetch', respond(401, { statusCode: 401, message: 'Correo o contraseña incorrectos' }));
    await expect(request({ path: '/auth/login', method: 'PUT', body: {}, kind: 'auth' })).rejects.toMatchObject({ message: 'Correo o contraseña incorrectos' });
    vi.stubGlobal('fetch', respond(400, { statusCode: 400, message: 'Datos inválidos', details: [{ path: 'codigoPrincipal', message: 'ya existe' }] }));
    const err = await request({ path: '/api/product', method: 'POST', body: {}, kind: 'form' }).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).body).toMatchObject({ details: [{ path: 'codigoPrincipal' }] });
  });

  it('reads the total from x-total-count', async () => {
    vi.stubGlobal('fetch', respond(200, [{ _id: 'a' }], { 'x-total-count': '57' }));
    const res = await request({ path: '/api/product', query: { page: 2, per_page: 20, q: '' } });
    expect(res.total).toBe(57);
  });

  it('a 401 from the API ends the session', async () => {
    session.signIn('tok', user);
    vi.stubGlobal('fetch', respond(401, { message: 'La sesión expiró' }));
    await request({ path: '/api/product' });
    expect(session.current()).toBeNull();
    expect(localStorage.getItem('auth_token')).toBeNull();
  });
});

describe('session', () => {
  it('stores user and token, announces sign-in and sign-out', () => {
    const seen: Array<CurrentUser | null> = [];
    const unsubscribe = session.subscribe(() => seen.push(session.current()));
    session.signIn('tok-9', user);
    expect(localStorage.getItem('auth_token')).toBe('tok-9');
    expect(JSON.parse(localStorage.getItem('currentUser')!)).toEqual(user);
    session.signOut();
    expect(localStorage.getItem('currentUser')).toBeNull();
    expect(seen).toEqual([user, null]);
    unsubscribe();
  });

  it('restores the session from localStorage', () => {
    localStorage.setItem('auth_token', 't');
    localStorage.setItem('currentUser', JSON.stringify(user));
    session.reset();
    expect(session.current()?.firstName).toBe('Ana');
  });
});

describe('form schema helpers', () => {
  it('maps server details onto rjsf error paths', () => {
    expect(detailsToErrorSchema([{ path: 'puntosEmision.1.ptoEmi', message: 'repetido' }, { path: 'estab', message: 'ya existe' }])).toEqual({
      puntosEmision: { 1: { ptoEmi: { __errors: ['repetido'] } } },
      estab: { __errors: ['ya existe'] },
    });
  });

  it('picks widgets from Emite keywords and locks create-only fields when editing', () => {
    const ui = enrichUiSchema(BUNDLED.product.schema, BUNDLED.product.ui, { editing: false });
    expect(ui.codigoPorcentajeIva).toMatchObject({ 'ui:widget': 'catalog' });
    expect(ui._id).toMatchObject({ 'ui:widget': 'hidden' });
    const user = enrichUiSchema(BUNDLED.user.schema, BUNDLED.user.ui, { editing: true });
    expect(user.password).toMatchObject({ 'ui:widget': 'hidden' });
    const vehicle = enrichUiSchema({ properties: { cliente: { type: 'string', 'x-ref': 'customer' } } }, {}, { editing: false });
    expect(vehicle.cliente).toEqual({ 'ui:widget': 'ref' });
  });
});
