/**
 * An rjsf form (Chakra theme) for a schema with Emite's widgets, Spanish validation messages
 * (core/validation-messages.ts), server errors shown on their fields, and compact rows for the arrays whose uiSchema
 * asks for them (`ui:options.layout: "row"`, form/row-layout.ts).
 * @example <SchemaForm entry={entry} formData={data} editing onSubmit={save} serverErrors={details} />
 */
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Box } from '@chakra-ui/react';
import Form from '@rjsf/chakra-ui';
import type { ErrorSchema, RJSFSchema, UiSchema, RegistryWidgetsType, RegistryFieldsType } from '@rjsf/utils';
import { enrichUiSchema, detailsToErrorSchema } from '../engine/form-schema.ts';
import type { SchemaEntry } from '../engine/schema-registry.ts';
import { CatalogWidget } from './widgets/CatalogWidget.tsx';
import { RefWidget } from './widgets/RefWidget.tsx';
import { MoneyWidget } from './widgets/MoneyWidget.tsx';
import { DateWidget } from './widgets/DateWidget.tsx';
import { TextareaWidget } from './widgets/TextareaWidget.tsx';
import { LocationField } from './widgets/LocationField.tsx';
import { spanishStrings } from './form-strings.ts';
import { validatorFor } from './form-validator.ts';
import { FieldTemplate } from './form/FieldTemplate.tsx';
import { DescriptionFieldTemplate } from './form/DescriptionFieldTemplate.tsx';
import { BaseInputTemplate } from './form/BaseInputTemplate.tsx';
import { withRowLayouts } from './form/row-layout.ts';
import { notify } from '../engine/notify.ts';

const widgets: RegistryWidgetsType = { catalog: CatalogWidget, ref: RefWidget, money: MoneyWidget, TextareaWidget, DateWidget };
const fields: RegistryFieldsType = { location: LocationField };
const templates = { FieldTemplate, BaseInputTemplate, DescriptionFieldTemplate };

export interface SchemaFormProps {
  entry: SchemaEntry;
  formData: Record<string, unknown>;
  editing: boolean;
  disabled?: boolean;
  serverErrors?: Array<{ path: string; message: string }>;
  /** `byUser`: false when rjsf reports data it derived itself (defaults), true for an edit of a field. */
  onChange?: (data: Record<string, unknown>, byUser: boolean) => void;
  onSubmit: (data: Record<string, unknown>) => void;
  /** Part of another screen's editor: drawn as a `div`, not a `form`, so Enter in a field submits nothing. */
  inline?: boolean;
  /** The prefix of the fields' ids (default rjsf's `root`): a form opened over another (a dialog's "Nuevo …") needs its own, or its labels point at the other form's inputs. */
  idPrefix?: string;
  children?: ReactNode;
}

/**
 * @rjsf/chakra-ui's labels point at Chakra's generated control ids while the inputs carry rjsf's
 * ids, so no label is tied to its input (screen readers and getByLabel miss them). Re-point each
 * orphan label at the control inside its own field, after each render of the form. Text inputs no
 * longer need it (BaseInputTemplate.tsx gives the field rjsf's id): rows rjsf drew on its own state,
 * after this pass, kept orphaned labels (a guía's lines from its factura: a CI flake).
 */
function associateLabels(root: HTMLElement | null) {
  root?.querySelectorAll('label').forEach((label) => {
    if (label.htmlFor && document.getElementById(label.htmlFor)) return;
    const control = label.parentElement?.querySelector<HTMLElement>('input:not([type=hidden]), select, textarea');
    if (control?.id) label.htmlFor = control.id;
  });
}

export function SchemaForm(p: SchemaFormProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => associateLabels(ref.current));
  const uiSchema = useMemo(() => withRowLayouts(p.entry.schema, enrichUiSchema(p.entry.schema, p.entry.ui, { editing: p.editing })) as UiSchema, [p.entry, p.editing]);
  const extraErrors = useMemo(() => detailsToErrorSchema(p.serverErrors), [p.serverErrors]);
  return (
    <Box ref={ref}>
      <Form
        schema={{ ...p.entry.schema, title: undefined } as RJSFSchema}
        uiSchema={{ ...uiSchema, 'ui:submitButtonOptions': { norender: true } }}
        formData={p.formData}
        tagName={p.inline ? 'div' : undefined}
        idPrefix={p.idPrefix}
        validator={validatorFor(p.entry.schema)}
        widgets={widgets}
        fields={fields}
        templates={templates}
        disabled={p.disabled}
        showErrorList={false}
        noHtml5Validate
        focusOnFirstError
        onError={() => notify('warning', 'Revise los campos marcados')}
        translateString={spanishStrings}
        extraErrors={extraErrors as ErrorSchema}
        onChange={(e, id) => p.onChange?.(e.formData as Record<string, unknown>, id !== undefined)}
        onSubmit={(e) => p.onSubmit(e.formData as Record<string, unknown>)}
      >
        {p.children}
      </Form>
    </Box>
  );
}
