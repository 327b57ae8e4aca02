/**
 * The theme's textarea with the schema's `maxLength` on the element, as BaseInputTemplate does for
 * inputs: a person cannot type past the limit the server would refuse (descripción, dirección).
 * @example uiSchema: { "descripcion": { "ui:widget": "textarea" } } with schema "maxLength": 300
 */
import { useEffect, useRef } from 'react';
import { Box } from '@chakra-ui/react';
import { Widgets } from '@rjsf/chakra-ui';
import type { WidgetProps } from '@rjsf/utils';

const ThemeTextarea = Widgets.TextareaWidget!;

export function TextareaWidget(props: WidgetProps) {
  const ref = useRef<HTMLDivElement>(null);
  const maxLength = typeof props.schema.maxLength === 'number' ? props.schema.maxLength : undefined;
  useEffect(() => {
    const textarea = ref.current?.querySelector('textarea');
    if (textarea && maxLength !== undefined) textarea.maxLength = maxLength;
  });
  return (
    <Box ref={ref} display="contents">
      <ThemeTextarea {...props} />
    </Box>
  );
}
