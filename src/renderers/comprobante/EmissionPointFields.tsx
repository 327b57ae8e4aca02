/**
 * Where and when a comprobante is issued: establishment, emission point and fecha de emisión, as
 * two grid cells for the type's header card (the factura puts its customer before them, a nota
 * the factura it modifies). Memoised on its own values, so typing in a line does not redraw it.
 * Neither select is narrower than "001 — Matriz Quito" or "001 — Caja principal": the punto de
 * emisión wraps under the establishment when the cell is narrow.
 * @example <Grid …><EmissionPointFields establishmentId={d.establishment} ptoEmi={d.ptoEmi} fechaEmision={d.fechaEmision} establishments={list} errors={errors} readOnly={false} update={update} /></Grid>
 */
import { memo, useEffect } from 'react';
import { Field, HStack, NativeSelect } from '@chakra-ui/react';
import type { Row } from '../../engine/resources.ts';
import { useApiData } from '../../engine/useApiData.ts';
import { guayaquilDate } from '../../../core/guayaquil-date.ts';
import { fieldError, type Establishment } from './sale-model.ts';
import { DateInput } from '../widgets/DateInput.tsx';

export interface EmissionPoint {
  establishment?: string;
  ptoEmi?: string;
  fechaEmision?: string;
}

export interface EmissionPointFieldsProps {
  establishmentId?: string;
  ptoEmi?: string;
  fechaEmision?: string;
  establishments: Row[] | undefined;
  /** The server's field errors of the last save ({path, message}). */
  errors: Array<{ path: string; message: string }>;
  readOnly: boolean;
  update: (patch: EmissionPoint) => void;
}

/** The company's establishments with their emission points (at most 100: the pickers list them all). */
export const useEstablishments = () => useApiData<Row[]>({ path: '/api/establishment', query: { per_page: 100 } }).data;

/**
 * A new draft without an establishment gets the company's first one and its first emission point,
 * written as derived data (`setDraft(…, false)`): not an edit by the user, so not an unsaved change.
 * @example useDefaultEmissionPoint(editor.draft, useEstablishments(), editor.setDraft);
 */
export function useDefaultEmissionPoint<D extends EmissionPoint>(draft: D | null, establishments: Row[] | undefined, setDraft: (next: (d: D) => D, byUser?: boolean) => void): void {
  useEffect(() => {
    if (draft && !draft.establishment && establishments?.length) {
      const first = establishments[0] as Establishment;
      setDraft((d) => ({ ...d, establishment: String(first._id), ptoEmi: first.puntosEmision[0]?.ptoEmi }), false);
    }
  }, [draft, establishments, setDraft]);
}

export const EmissionPointFields = memo(function EmissionPointFields({ establishmentId, ptoEmi, fechaEmision, establishments, errors, readOnly, update }: EmissionPointFieldsProps) {
  const errorAt = (path: string) => fieldError(errors, path);
  const establishment = establishments?.find((e) => e._id === establishmentId) as Establishment | undefined;
  return (
    <>
      <Field.Root invalid={Boolean(errorAt('establishment') || errorAt('ptoEmi'))} required>
        <Field.Label>Establecimiento y punto de emisión</Field.Label>
        <HStack w="full" wrap="wrap">
          <NativeSelect.Root size="sm" flex="1" minW="12rem" disabled={readOnly}>
            <NativeSelect.Field
              aria-label="Establecimiento"
              value={establishmentId ?? ''}
              onChange={(e) => {
                const est = establishments?.find((x) => x._id === e.target.value) as Establishment | undefined;
                update({ establishment: e.target.value, ptoEmi: est?.puntosEmision[0]?.ptoEmi });
              }}
            >
              {!establishments?.length && <option value="">Cree un establecimiento primero</option>}
              {establishments?.map((e) => (
                <option key={String(e._id)} value={String(e._id)}>
                  {String(e.estab)} — {String(e.nombre)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <NativeSelect.Root size="sm" flex="1" minW="12rem" disabled={readOnly}>
            <NativeSelect.Field aria-label="Punto de emisión" value={ptoEmi ?? ''} onChange={(e) => update({ ptoEmi: e.target.value })}>
              {establishment?.puntosEmision.map((p) => (
                <option key={p.ptoEmi} value={p.ptoEmi}>
                  {p.ptoEmi}
                  {p.descripcion ? ` — ${p.descripcion}` : ''}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </HStack>
        <Field.ErrorText>{errorAt('establishment') ?? errorAt('ptoEmi')}</Field.ErrorText>
      </Field.Root>
      <Field.Root invalid={Boolean(errorAt('fechaEmision'))}>
        <Field.Label>Fecha de emisión</Field.Label>
        <DateInput aria-label="Fecha de emisión" value={fechaEmision ?? ''} disabled={readOnly} invalid={Boolean(errorAt('fechaEmision'))} onChange={(v) => update({ fechaEmision: v })} max={guayaquilDate(new Date())} />
        <Field.ErrorText>{errorAt('fechaEmision')}</Field.ErrorText>
      </Field.Root>
    </>
  );
});
