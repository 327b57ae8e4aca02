/**
 * The guía de remisión editor on the comprobante frame: the schema
 * form of src/schemas/waybill (carrier, plate, dates, destinatarios with their goods) with Guardar
 * borrador / Emitir and, once issued, the shared issued panel (RIDE, XML, correo). Opened as
 * `<basePath>/new?invoice=<_id>` from an authorised factura, its first destinatario cites it and
 * shows the factura's buyer and lines as soon as the factura loads.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { CustomRendererProps } from '../../custom-renderers.ts';
import { ComprobanteEditorFrame } from '../../comprobante/ComprobanteEditorFrame.tsx';
import { firstBlocker } from '../../comprobante/issue-blocker.ts';
import { useComprobanteEditor } from '../../comprobante/useComprobanteEditor.ts';
import { useDefaultEmissionPoint, useEstablishments, type EmissionPoint } from '../../comprobante/EmissionPointFields.tsx';
import { SchemaForm } from '../../SchemaForm.tsx';
import { guayaquilDate } from '../../../../core/guayaquil-date.ts';
import { useReferencedInvoice } from '../../comprobante/notes/useReferencedInvoice.ts';
import type { Row } from '../../../engine/resources.ts';
import { destinatarioFromInvoice, emptyWaybill, fromWaybill, toWaybillBody, type WaybillDraft } from './waybill-model.ts';

export default function WaybillEditor({ entry, id = 'new', basePath }: CustomRendererProps) {
  const [params] = useSearchParams();
  const invoice = params.get('invoice');
  const initial = useMemo(() => emptyWaybill(guayaquilDate(new Date()), invoice), [invoice]);
  const editor = useComprobanteEditor<WaybillDraft>({ entry, id, basePath, toForm: fromWaybill, initial, toBody: toWaybillBody });
  const { draft, readOnly, errors, setDraft } = editor;
  // Started from a factura: its buyer and lines fill the first destinatario once it loads, and its
  // establishment and emission point are the guía's unless already chosen.
  const onInvoiceLoaded = useCallback(
    (inv: Row) => setDraft((d) => ({ establishment: inv.establishment, ptoEmi: inv.ptoEmi, ...d, destinatarios: [destinatarioFromInvoice(inv), ...((d.destinatarios as unknown[] | undefined) ?? []).slice(1)] }), false),
    [setDraft],
  );
  useReferencedInvoice({ editing: editor.editing, draftInvoice: undefined, onLoaded: onInvoiceLoaded });
  // A new guía not started from a factura starts at the company's first establishment and emission
  // point, as the other editors do (from a factura, the factura's come when it loads).
  useDefaultEmissionPoint<WaybillDraft & EmissionPoint>(invoice ? null : draft, useEstablishments(), setDraft);
  const destinatarios = (draft?.destinatarios as unknown[] | undefined) ?? [];
  const blocker = firstBlocker(!draft?.carrier && 'elija el transportista', destinatarios.length === 0 && 'agregue al menos un destinatario');
  return (
    <ComprobanteEditorFrame
      editor={editor}
      canIssue={!blocker}
      blocker={blocker}
      confirmIssue={{ title: '¿Emitir la guía de remisión?', body: `Se firmará y enviará al SRI con ${destinatarios.length} destinatario${destinatarios.length === 1 ? '' : 's'}; no se puede deshacer.` }}
    >
      {draft && (
        <SchemaForm entry={entry} editing={editor.editing} formData={draft} disabled={readOnly} serverErrors={errors} onChange={(d, byUser) => editor.setDraft(d, byUser)} onSubmit={() => void editor.onSave()} />
      )}
    </ComprobanteEditorFrame>
  );
}
