/**
 * The theme's text input with what the schema already knows: `maxLength` on the input (a person
 * cannot type past the limit the server would refuse), and three-digit SRI codes padded on leaving
 * the field ("1" -> "001", core/code-fields.ts) with a numeric keyboard on phones; `x-uppercase`
 * fields (placa) shown in capitals as they are typed (CSS, so the caret stays put) and written in
 * capitals, trimmed, on leaving the field. Drawn as @rjsf/chakra-ui's template draws it, but with the
 * rjsf id as the Chakra field's id, so its label points at the input from the first render (the
 * theme's label pointed at an id of Chakra's own, which SchemaForm re-pointed after the fact, and
 * missed rows rjsf drew on its own: a guía's lines that arrived from its factura had no name).
 * @example <Form templates={{ FieldTemplate, BaseInputTemplate }} … />
 */
import type { ChangeEvent, FocusEvent, MouseEvent } from 'react';
import { Field, Input } from '@chakra-ui/react';
import { SchemaExamples } from '@rjsf/core';
import { ariaDescribedByIds, examplesId, getInputProps, labelValue, type BaseInputTemplateProps } from '@rjsf/utils';
import { isThreeDigitCode, isUpperCaseField, normalizeValue } from '../../../core/code-fields.ts';

/** Capitals as typed, not in the placeholder ("La del transportista"). */
const UPPER_CASE = { textTransform: 'uppercase', '&::placeholder': { textTransform: 'none' } };

export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const code = isThreeDigitCode(props.schema);
  const upper = isUpperCaseField(props.schema as { 'x-uppercase'?: unknown });
  const maxLength = typeof props.schema.maxLength === 'number' ? props.schema.maxLength : code ? 3 : undefined;
  const { id, htmlName, type, value, label, hideLabel, schema, onChange, onChangeOverride, onFocus, options, required, readonly, rawErrors, autofocus, placeholder, disabled, registry } = props;
  const onBlur = (event: FocusEvent<HTMLInputElement>) => {
    const typed = event.target?.value;
    const normal = normalizeValue(schema as Parameters<typeof normalizeValue>[0], typed);
    if (normal !== typed) onChange(normal);
    props.onBlur(id, normal);
  };
  const { ClearButton } = registry.templates.ButtonTemplates;
  const clear = (e: MouseEvent) => {
    e.preventDefault();
    e.stopPropagation();
    onChange(options.emptyValue);
  };
  const shownLabel = labelValue(label, hideLabel || !label);
  return (
    <Field.Root id={id} mb={1} disabled={disabled || readonly} required={required} readOnly={readonly} invalid={Boolean(rawErrors?.length)}>
      {shownLabel && (
        <Field.Label>
          {shownLabel}
          <Field.RequiredIndicator />
        </Field.Label>
      )}
      <Input
        id={id}
        name={htmlName || id}
        value={value || value === 0 ? value : ''}
        onChange={onChangeOverride || ((e: ChangeEvent<HTMLInputElement>) => onChange(e.target.value === '' ? options.emptyValue : e.target.value))}
        onBlur={onBlur}
        onFocus={(e: FocusEvent<HTMLInputElement>) => onFocus(id, e.target?.value)}
        autoFocus={autofocus}
        placeholder={placeholder}
        {...getInputProps(schema, type, options)}
        list={schema.examples ? examplesId(id) : undefined}
        aria-describedby={ariaDescribedByIds(id, Boolean(schema.examples))}
        maxLength={maxLength}
        inputMode={code ? 'numeric' : undefined}
        autoCapitalize={upper ? 'characters' : undefined}
        css={upper ? UPPER_CASE : undefined}
      />
      {options.allowClearTextInputs && !readonly && !disabled && value && <ClearButton registry={registry} onClick={clear} />}
      <SchemaExamples id={id} schema={schema} />
    </Field.Root>
  );
}
