/**
 * The form validator: rjsf's Ajv 8 validator with Emite's keywords declared (so they are known,
 * not ignored), the plain Spanish of core/validation-messages.ts under each field ("Obligatorio",
 * "Máximo 300 caracteres", "Use tres dígitos, p. ej. 001": the field's label is right above it, the
 * same words the server's `details` use after the field's name) and the draft a schema names
 * (2020-12 or draft 7).
 * Unknown keywords in a deployment's schema are logged, never fatal: a screen keeps working.
 * @example <Form validator={validatorFor(schema)} … />
 */
import { customizeValidator } from '@rjsf/validator-ajv8';
import type { CustomValidatorOptionsType, Localizer } from '@rjsf/validator-ajv8';
import Ajv2020 from 'ajv/dist/2020.js';
import { addEmiteKeywords } from '../../core/schema-keywords.ts';
import { expectedOf, type SchemaNode } from '../../core/validation-messages.ts';
import type { JsonSchema } from '../engine/schema-registry.ts';

const options: CustomValidatorOptionsType = {
  ajvOptionsOverrides: { strictSchema: 'log', strictTypes: false, allowUnionTypes: true },
  extenderFn: addEmiteKeywords,
};

/** Each error's message: what the field needs, in the words the server's `details` use too. */
const spanish: Localizer = (errors) => {
  errors?.forEach((e) => {
    e.message = expectedOf(e, e.parentSchema as SchemaNode | undefined, e.instancePath.split('/').pop());
  });
};

export const draft7Validator = customizeValidator(options, spanish);
let draft2020: typeof draft7Validator | undefined;

/** The validator for a schema's `$schema` (draft 7 unless it names 2020-12). */
export function validatorFor(schema: JsonSchema): typeof draft7Validator {
  if (!schema.$schema?.includes('2020-12')) return draft7Validator;
  return (draft2020 ??= customizeValidator({ ...options, AjvClass: Ajv2020 }, spanish));
}
