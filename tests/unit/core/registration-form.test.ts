/**
 * The registration form is composed from the company and user form schemas (core/registration-form.ts):
 * what a field marked `x-registration` brings, what the bundled schemas make of it (the fields
 * POST /auth/register takes), and that Ajv in strict mode (the server's) compiles it.
 */
import { describe, expect, it } from 'vitest';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { registrationSchema } from '../../../core/registration-form.ts';
import { companySchema } from '../../../server/schemas/generated/company-schema.ts';
import { userSchema } from '../../../server/schemas/generated/user-schema.ts';

const body = registrationSchema(companySchema, userSchema);

describe('registrationSchema', () => {
  it('takes the bundled schemas’ marked fields plus the RUC and the password, with their titles and limits', () => {
    expect(Object.keys(body.properties.company.properties)).toEqual(['ruc', 'razonSocial', 'nombreComercial', 'email', 'dirMatriz', 'telefono']);
    expect(Object.keys(body.properties.user.properties)).toEqual(['firstName', 'lastName', 'email', 'password']);
    expect(body.properties.company.required).toEqual(['ruc', 'razonSocial', 'email', 'dirMatriz']);
    expect(body.properties.user.required).toEqual(['email', 'firstName', 'lastName', 'password']);
    expect(body.properties.company.properties.razonSocial).toEqual({ type: 'string', title: 'Razón social', minLength: 1, maxLength: 300, pattern: '\\S' });
  });

  it('shows a field marked in the company schema, required when the schema requires it, and leaves unmarked ones out', () => {
    const company = {
      required: ['razonSocial', 'actividad'],
      properties: {
        razonSocial: { type: 'string', 'x-registration': true },
        actividad: { type: 'string', title: 'Actividad económica', 'x-registration': true, 'x-catalog': 'actividad' },
        ambiente: { type: 'string', enum: ['1', '2'] },
      },
    } as const;
    const composed = registrationSchema(company, { properties: {} });
    expect(composed.properties.company.properties).toEqual({ ruc: expect.objectContaining({ pattern: '^\\d{13}$' }), razonSocial: { type: 'string' }, actividad: { type: 'string', title: 'Actividad económica' } });
    expect(composed.properties.company.required).toEqual(['ruc', 'razonSocial', 'actividad']);
    expect(composed.properties.user.required).toEqual(['password']);
  });

  it('compiles in strict Ajv and refuses an unknown field, a short password and a RUC that is not 13 digits', () => {
    const validate = addFormats(new Ajv({ strict: true })).compile(body);
    const good = { company: { ruc: '1790016919001', razonSocial: 'Ferretería El Tornillo', email: 'a@b.ec', dirMatriz: 'Quito' }, user: { firstName: 'Lucía', lastName: 'Andrade', email: 'a@b.ec', password: 'Clave1234!' } };
    expect(validate(good)).toBe(true);
    expect(validate({ ...good, company: { ...good.company, isStaff: true } })).toBe(false);
    expect(validate({ ...good, user: { ...good.user, password: 'corta' } })).toBe(false);
    expect(validate({ ...good, company: { ...good.company, ruc: '179001691900' } })).toBe(false);
  });
});
