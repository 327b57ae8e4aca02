import { describe, expect, it } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import { BUNDLED } from '../../../src/engine/schema-registry.ts';
import { createSchemaAjv, ajvFor } from '../../../server/schemas/ajv.ts';
import { ajvDetails } from '../../../server/plugins/error-handler.ts';
import { validatorFor } from '../../../src/renderers/form-validator.ts';
import { expectedOf, placeOf, summaryOf, totalsMessage } from '../../../core/validation-messages.ts';
import { padCodes } from '../../../core/code-fields.ts';

const ajvs = createSchemaAjv();
/** The server's details for a body against a bundled schema (the registry's own path). */
function details(name: string, body: unknown) {
  const schema = BUNDLED[name].schema;
  const validate = ajvFor(ajvs, schema).compile(schema);
  return validate(structuredClone(body)) ? [] : ajvDetails(validate.errors ?? [], schema).map(({ path, message }) => ({ path, message }));
}

const line = { product: 'p1', cantidad: 1, precioUnitario: 1, codigoPorcentajeIva: '4' };
const invoice = { establishment: 'e1', ptoEmi: '001', customer: 'c1', detalles: [line] };

/** Every validation keyword a bundled schema uses (annotations and structure left out). */
function keywordsInSchemas(): Set<string> {
  const found = new Set<string>();
  const structural = new Set(['$schema', '$comment', 'title', 'description', 'type', 'properties', 'items', 'default', 'readOnly', 'examples', 'required']);
  const walk = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    for (const [k, v] of Object.entries(node)) {
      if (k === 'properties') Object.values(v as object).forEach(walk);
      else if (k === 'dependencies') {
        found.add(k);
        Object.values(v as object).forEach(walk);
      } else {
        if (!structural.has(k) && !k.startsWith('x-')) found.add(k);
        if (typeof v === 'object') walk(v);
      }
    }
  };
  for (const e of Object.values(BUNDLED)) walk(e.schema);
  return found;
}

describe('validation messages (one mapper for the form and the server)', () => {
  it('words every keyword the bundled schemas use, never falling back to a generic message', () => {
    const used = keywordsInSchemas();
    expect(used.size).toBeGreaterThan(8);
    const params: Record<string, Record<string, unknown>> = { pattern: { pattern: '^\\d{3}$' }, type: { type: 'number' }, format: { format: 'email' }, enum: { allowedValues: ['1', '2'] } };
    for (const keyword of [...used, 'required', 'type', 'additionalProperties', 'x-decimals', 'x-money']) {
      const words = expectedOf({ keyword, params: { limit: 3, max: 2, ...params[keyword] } });
      expect(words, keyword).not.toBe('Valor no válido');
      expect(words, keyword).not.toMatch(/\^|\$|\\|\/|must|debe tener la propiedad/);
    }
  });

  it('names the field by its title and the line by its 1-based number, keeping the path for API clients', () => {
    const long = { ...invoice, detalles: [line, line, { ...line, descripcion: 'x'.repeat(301) }] };
    expect(details('invoice', long)).toEqual([{ path: 'detalles.2.descripcion', message: 'Línea 3, descripción: máximo 300 caracteres' }]);
    expect(details('invoice', { ...invoice, detalles: [{ ...line, precioUnitario: -1, cantidad: 0 }] })).toEqual([
      { path: 'detalles.0.cantidad', message: 'Línea 1, cantidad: debe ser mayor que 0' },
      { path: 'detalles.0.precioUnitario', message: 'Línea 1, precio unitario: no puede ser negativo' },
    ]);
    expect(details('invoice', { ...invoice, detalles: [] })).toEqual([{ path: 'detalles', message: 'Detalle: agregue al menos una línea' }]);
    expect(details('invoice', { ...invoice, pagos: [{ formaPago: '01', total: 1.005 }] })).toEqual([{ path: 'pagos.0.total', message: 'Formas de pago, fila 1, valor: máximo 2 decimales' }]);
    expect(details('invoice', { ...invoice, ptoEmi: '1' })).toEqual([{ path: 'ptoEmi', message: 'Punto de emisión: use tres dígitos, p. ej. 001' }]);
  });

  it('says what is expected for required, type, format, enum, lengths, numbers and items', () => {
    expect(details('product', { descripcion: 'B', precioUnitario: 1, codigoPorcentajeIva: '4' })).toEqual([{ path: 'codigoPrincipal', message: 'Código principal: obligatorio' }]);
    expect(details('product', { codigoPrincipal: ' A', descripcion: 'B', precioUnitario: '1', codigoPorcentajeIva: '4' })).toEqual([
      { path: 'codigoPrincipal', message: 'Código principal: sin espacios al principio ni al final' },
      { path: 'precioUnitario', message: 'Precio unitario (USD): debe ser un número' },
    ]);
    const user = details('user', { firstName: 'A', lastName: 'B', email: 'no', role: 'JEFE', password: 'corta', emissionPoints: [{ estab: '1' }] });
    expect(user).toEqual([
      { path: 'email', message: 'Correo electrónico: escriba un correo válido, p. ej. nombre@empresa.com' },
      { path: 'role', message: 'Rol: elija Superadministrador, Administrador, Emisor o Contador' },
      { path: 'password', message: 'Contraseña inicial: mínimo 8 caracteres' },
      { path: 'emissionPoints.0.estab', message: 'Puntos de emisión permitidos, fila 1, establecimiento: use tres dígitos, p. ej. 001' },
    ]);
    expect(details('company', { razonSocial: '   ', dirMatriz: 'x', agenteRetencion: '123456789' }).map((d) => d.message)).toEqual(
      expect.arrayContaining(['Razón social: no puede estar vacío', 'Agente de retención (resolución): use de 1 a 8 dígitos, sin guiones ni espacios']),
    );
    for (const d of details('waybill', { establishment: 'e', ptoEmi: '001', carrier: 'c', fechaIniTransporte: 'ayer', fechaFinTransporte: '2026-01-01', placa: 'A\nB', destinatarios: [{ razonSocial: 'x' }] })) {
      expect(d.message).not.toMatch(/\^|\$|\\|destinatarios\.|fechaIni/);
    }
  });

  it('uses a schema\'s own x-message for its pattern', () => {
    const schema = { type: 'object', properties: { placa: { type: 'string', title: 'Placa', pattern: '^[A-Z]{3}\\d{3,4}$', 'x-message': 'Tres letras y tres o cuatro números, p. ej. PBC1234' } } };
    const validate = createSchemaAjv().draft7.compile(schema);
    validate({ placa: 'pbc-1' });
    expect(ajvDetails(validate.errors ?? [], schema)).toMatchObject([{ path: 'placa', message: 'Placa: tres letras y tres o cuatro números, p. ej. PBC1234' }]);
  });

  it('gives the form the same words under each field', () => {
    const { errors } = validatorFor(BUNDLED.product.schema).validateFormData({ codigoPrincipal: 'A', descripcion: 'x'.repeat(400), precioUnitario: -1, codigoPorcentajeIva: '4' }, BUNDLED.product.schema as RJSFSchema);
    expect(errors.map((e) => [e.property, e.message])).toEqual([
      ['.descripcion', 'Máximo 300 caracteres'],
      ['.precioUnitario', 'No puede ser negativo'],
    ]);
    const missing = validatorFor(BUNDLED.establishment.schema).validateFormData({ estab: '1', puntosEmision: [{ ptoEmi: '000' }] }, BUNDLED.establishment.schema as RJSFSchema);
    expect(missing.errors.map((e) => e.message)).toEqual(expect.arrayContaining(['Use tres dígitos, p. ej. 001', 'Obligatorio']));
  });

  it('reads places, totals errors and a summary without paths', () => {
    expect(placeOf(BUNDLED.invoice.schema, 'detalles.2.codigoPorcentajeIva')).toBe('Línea 3, IVA');
    expect(placeOf(undefined, 'user.firstName')).toBe('user, nombres');
    expect(totalsMessage('detalles[1].cantidad debe ser mayor que 0')).toBe('Línea 2, cantidad: debe ser mayor que 0');
    expect(summaryOf([{ message: 'Línea 3, descripción: máximo 300 caracteres' }, { message: 'otra' }])).toBe('Línea 3, descripción: máximo 300 caracteres (y 1 problema más)');
  });

  it('pads three-digit codes the way a person means them ("1" -> "001"), and nothing else', () => {
    const padded = padCodes(BUNDLED.establishment.schema, { estab: '1', nombre: '7', puntosEmision: [{ ptoEmi: '12' }, { ptoEmi: '1234' }] });
    expect(padded).toEqual({ estab: '001', nombre: '7', puntosEmision: [{ ptoEmi: '012' }, { ptoEmi: '1234' }] });
    expect(details('establishment', { ...padded, dirEstablecimiento: 'x', puntosEmision: [{ ptoEmi: '000' }] }).map((d) => d.message)).toEqual(['Puntos de emisión, fila 1, punto de emisión: use tres dígitos, p. ej. 001']);
  });

  it('writes a placa in capitals, trimmed, and words a bad one in Spanish (carrier and guía)', () => {
    const carrier = padCodes(BUNDLED.carrier.schema, { tipoIdentificacion: '05', identificacion: '0926687856', razonSocial: 'Fletes', placa: ' pba-1234 ' });
    expect(carrier.placa).toBe('PBA-1234');
    expect(details('carrier', carrier)).toEqual([]);
    expect(padCodes(BUNDLED.waybill.schema, { placa: 'gbc-0457', destinatarios: [] }).placa).toBe('GBC-0457');
    for (const placa of ['PBA 1234', 'PBA--1234', '-PBA']) {
      expect(details('carrier', { ...carrier, placa }), placa).toEqual([{ path: 'placa', message: 'Placa (por defecto): use letras y números, con guion si la placa lo lleva, p. ej. PBA-1234' }]);
    }
    expect(padCodes(BUNDLED.carrier.schema, { razonSocial: ' abc ' }).razonSocial).toBe(' abc ');
  });
});
