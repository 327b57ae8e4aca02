/**
 * rjsf field frame for the Chakra theme with the reading order of a form: the control (whose
 * widget draws its own label), then the schema's description as a small hint, the help, and the
 * errors. The theme's own template puts description and help above the label, in large type.
 * @example <Form templates={{ FieldTemplate }} … />
 */
import { Fieldset, Text } from '@chakra-ui/react';
import { getTemplate, getUiOptions, type FieldTemplateProps } from '@rjsf/utils';

export function FieldTemplate(props: FieldTemplateProps) {
  const { id, children, classNames, style, disabled, displayLabel, hidden, label, onKeyRename, onKeyRenameBlur, onRemoveProperty, readonly, registry, required, rawErrors = [], errors, help, rawDescription, schema, uiSchema } = props;
  const WrapIfAdditionalTemplate = getTemplate('WrapIfAdditionalTemplate', registry, getUiOptions(uiSchema));
  if (hidden) return <div style={{ display: 'none' }}>{children}</div>;
  return (
    <WrapIfAdditionalTemplate
      classNames={classNames}
      style={style}
      disabled={disabled}
      id={id}
      label={label}
      displayLabel={displayLabel}
      rawDescription={rawDescription}
      onKeyRename={onKeyRename}
      onKeyRenameBlur={onKeyRenameBlur}
      onRemoveProperty={onRemoveProperty}
      readonly={readonly}
      required={required}
      schema={schema}
      uiSchema={uiSchema}
      registry={registry}
    >
      <Fieldset.Root disabled={disabled} invalid={rawErrors.length > 0}>
        <Fieldset.Content>{children}</Fieldset.Content>
        {displayLabel && rawDescription ? (
          <Text id={`${id}__description`} fontSize="xs" color="fg.muted" mt="-1">
            {rawDescription}
          </Text>
        ) : null}
        {help}
        {errors}
      </Fieldset.Root>
    </WrapIfAdditionalTemplate>
  );
}
