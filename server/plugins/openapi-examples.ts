/**
 * Request and response examples for the main calls, shown in the OpenAPI document (`METHOD /path`
 * as the route declares it). Values are illustrative (a test RUC, made-up ids).
 */
const companyId = '3f2b8c1e-5d4a-4e7b-9c6d-1a2b3c4d5e6f';
const customerId = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const invoiceId = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';

export const OPENAPI_EXAMPLES: Record<string, { body?: unknown; response?: Record<string, unknown> }> = {
  'PUT /auth/login': {
    body: { email: 'demo@emite.ec', password: 'Demo1234!' },
    response: {
      200: {
        token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIuLi4ifQ.firma',
        result: {
          _id: '9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d',
          email: 'demo@emite.ec',
          firstName: 'Demo',
          lastName: 'Emite',
          role: 'SUPERADMIN',
          isStaff: false,
          company: { _id: companyId, ruc: '1790012345001', razonSocial: 'Comercial Demo Emite S.A.' },
          permissions: { invoice: ['read', 'create', 'update', 'delete', 'issue'], customer: ['read', 'create', 'update', 'delete'] },
        },
      },
    },
  },
  'POST /auth/register': {
    body: {
      company: { ruc: '1790012345001', razonSocial: 'Mi Empresa S.A.', email: 'facturacion@miempresa.ec', dirMatriz: 'Av. Amazonas N34-45, Quito' },
      user: { firstName: 'Ana', lastName: 'Pérez', email: 'ana@miempresa.ec', password: 'Clave-Segura-1' },
    },
  },
  'POST /api/customer': {
    body: { tipoIdentificacion: '04', identificacion: '1790012345001', razonSocial: 'Cliente Ejemplo S.A.', email: 'compras@cliente.ec', direccion: 'Guayaquil' },
    response: { 201: { _id: customerId, tipoIdentificacion: '04', identificacion: '1790012345001', razonSocial: 'Cliente Ejemplo S.A.', email: 'compras@cliente.ec', direccion: 'Guayaquil' } },
  },
  'POST /api/invoice': {
    body: {
      establishment: 'a3bb189e-8bf9-4888-9912-ace4e6543002',
      ptoEmi: '001',
      customer: customerId,
      detalles: [{ product: 'e4eaaaf2-d142-11e1-b3e4-080027620cdd', cantidad: 2, precioUnitario: 850, descuento: 50, codigoPorcentajeIva: '4' }],
      pagos: [{ formaPago: '19', total: 1897.5 }],
      infoAdicional: [{ nombre: 'Vendedor', valor: 'Ana' }],
    },
    response: { 201: { _id: invoiceId, status: 'BORRADOR', totalSinImpuestos: 1650, totalIva: 247.5, importeTotal: 1897.5 } },
  },
  'POST /api/invoice/:_id/issue': {
    response: {
      200: {
        _id: invoiceId,
        status: 'AUTORIZADA',
        secuencial: '000000123',
        numero: '001-001-000000123',
        claveAcceso: '2311202601179001234500110010010000001231234567811',
        numeroAutorizacion: '2311202601179001234500110010010000001231234567811',
        fechaAutorizacion: '2026-11-23T14:05:09.000Z',
        importeTotal: 1897.5,
        mensajes: [],
      },
    },
  },
};
