/**
 * The form validator: rjsf's Ajv 8 validator with Emite's keywords declared (so they are known,
 * not ignored), Spanish messages (ajv-i18n) and the draft a schema names (2020-12 or draft 7).
 * Unknown keywords in a deployment's schema are logged, never fatal: a screen keeps working.
 * @example <Form validator={validatorFor(schema)} … />
 */
import { customizeValidator } from '@rjsf/validator-ajv8';
import type { CustomValidatorOptionsType, Localizer } from '@rjsf/validator-ajv8';
import Ajv2020 from 'ajv/dist/2020.js';
import localize from 'ajv-i18n';
import { addEmiteKeywords } from '../../core/schema-keywords.ts';
import type { JsonSchema } from '../engine/schema-registry.ts';

const options: CustomValidatorOptionsType = {
  ajvOptionsOverrides: { strictSchema: 'log', strictTypes: false, allowUnionTypes: true },
  extenderFn: addEmiteKeywords,
};

/** ajv-i18n's Spanish, keeping the messages Emite's own keywords already write in Spanish. */
const spanish: Localizer = (errors) => {
  const own = errors?.map((e) => (e.keyword.startsWith('x-') ? e.message : undefined));
  localize.es(errors);
  errors?.forEach((e, i) => {
    if (own?.[i]) e.message = own[i];
  });
};

export const draft7Validator = customizeValidator(options, spanish);
let draft2020: typeof draft7Validator | undefined;

/** The validator for a schema's `$schema` (draft 7 unless it names 2020-12). */
export function validatorFor(schema: JsonSchema): typeof draft7Validator {
  if (!schema.$schema?.includes('2020-12')) return draft7Validator;
  return (draft2020 ??= customizeValidator({ ...options, AjvClass: Ajv2020 as unknown as CustomValidatorOptionsType['AjvClass'] }, spanish));
}
