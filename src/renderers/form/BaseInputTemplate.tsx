/**
 * The theme's text input with what the schema already knows: `maxLength` on the input (a person
 * cannot type past the limit the server would refuse), and three-digit SRI codes padded on leaving
 * the field ("1" -> "001", core/code-fields.ts) with a numeric keyboard on phones; `x-uppercase`
 * fields (placa) shown in capitals as they are typed (CSS, so the caret stays put) and written in
 * capitals, trimmed, on leaving the field.
 * @example <Form templates={{ FieldTemplate, BaseInputTemplate }} … />
 */
import { useEffect, useRef } from 'react';
import { Box } from '@chakra-ui/react';
import { Templates } from '@rjsf/chakra-ui';
import type { BaseInputTemplateProps } from '@rjsf/utils';
import { isThreeDigitCode, isUpperCaseField, normalizeValue } from '../../../core/code-fields.ts';

const ThemeInput = Templates.BaseInputTemplate!;
/** Capitals as typed, not in the placeholder ("La del transportista"). */
const UPPER_CASE = { '& input': { textTransform: 'uppercase' }, '& input::placeholder': { textTransform: 'none' } };

export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const ref = useRef<HTMLDivElement>(null);
  const code = isThreeDigitCode(props.schema);
  const upper = isUpperCaseField(props.schema as { 'x-uppercase'?: unknown });
  const maxLength = typeof props.schema.maxLength === 'number' ? props.schema.maxLength : code ? 3 : undefined;
  useEffect(() => {
    const input = ref.current?.querySelector('input');
    if (!input) return;
    if (maxLength !== undefined) input.maxLength = maxLength;
    if (code) input.inputMode = 'numeric';
    if (upper) input.autocapitalize = 'characters';
  });
  const onBlur = (id: string, value: unknown) => {
    const normal = normalizeValue(props.schema as Parameters<typeof normalizeValue>[0], value);
    if (normal !== value) props.onChange(normal);
    props.onBlur(id, normal);
  };
  return (
    <Box ref={ref} display="contents" css={upper ? UPPER_CASE : undefined}>
      <ThemeInput {...props} onBlur={onBlur} />
    </Box>
  );
}
