/**
 * rjsf description for the Chakra theme as a small muted hint, the same as FieldTemplate's. The
 * theme's own draws it as a `<sup>`, whose line height of 0 (the CSS reset) laid the lines of a
 * longer description over each other (a checkbox's, e.g. Empresa's "Exigir segundo factor").
 * @example <Form templates={{ DescriptionFieldTemplate }} … />
 */
import { Text } from '@chakra-ui/react';
import { RichDescription } from '@rjsf/core';
import type { DescriptionFieldProps } from '@rjsf/utils';

export function DescriptionFieldTemplate({ description, id, registry, uiSchema }: DescriptionFieldProps) {
  if (!description) return null;
  return (
    <Text id={id} fontSize="xs" color="fg.muted">
      <RichDescription description={description} registry={registry} uiSchema={uiSchema} />
    </Text>
  );
}
