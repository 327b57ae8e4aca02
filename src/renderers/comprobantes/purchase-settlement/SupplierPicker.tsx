/**
 * The liquidación's proveedor: lookup of /api/supplier with "Nuevo proveedor" (quick-create with the
 * supplier schema's own form, src/schemas/supplier).
 * @example <SupplierPicker value={d.supplier} disabled={false} onChange={(supplier) => update({ supplier })} />
 */
import type { Row } from '../../../engine/resources.ts';
import { RefPickerWithCreate } from '../../widgets/RefPickerWithCreate.tsx';

export function SupplierPicker(p: { value?: string; onChange: (id: string | undefined, row?: Row) => void; disabled: boolean }) {
  return <RefPickerWithCreate resource="supplier" noun="proveedor" label="Proveedor" inputId="settlement-supplier" {...p} />;
}
