/**
 * Route bodies derived from the form schemas (issue 18): the generated `as const` copies equal their
 * JSON (so editing src/schemas/<name>/schema.json without `npm run schemas:consts` fails here: the
 * `pre` scripts of build, dev, test and typecheck only write a missing copy, never a stale one), and
 * formBody keeps a form's fields and limits while leaving out annotations and defaults.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generatedFile, schemaConstSource, SCHEMA_CONSTS } from '../../../server/schemas/generate-schema-consts.ts';
import { formBody } from '../../../server/http/form-body.ts';
import { userSchema } from '../../../server/schemas/generated/user-schema.ts';

describe('form schemas as route bodies', () => {
  it.each(SCHEMA_CONSTS)('server/schemas/generated/%s-schema.ts is up to date with its schema.json', (name) => {
    expect(readFileSync(generatedFile(name), 'utf8'), `${name}-schema.ts is stale: run npm run schemas:consts and commit it`).toBe(schemaConstSource(name));
  });

  it('takes the user form fields and limits, adds server-only fields, drops defaults and x- keys', () => {
    const body = formBody(userSchema, { additionalProperties: false, extra: { currentPassword: { type: 'string', maxLength: 200 } } });
    expect(body.required).toEqual(['email', 'firstName', 'lastName', 'role']);
    expect(body.additionalProperties).toBe(false);
    expect(body.properties.password).toMatchObject({ minLength: 8, maxLength: 200 });
    expect(body.properties.role).toMatchObject({ enum: ['SUPERADMIN', 'ADMIN', 'EMISOR', 'CONTADOR'] });
    expect(body.properties.currentPassword).toEqual({ type: 'string', maxLength: 200 });
    // a PUT that leaves emissionPoints or active out keeps them: no default fills them in
    expect('default' in body.properties.emissionPoints).toBe(false);
    expect('default' in body.properties.active).toBe(false);
    expect(Object.keys(body).some((k) => k.startsWith('x-') || k === '$schema')).toBe(false);
  });
});
