/** The factura's customer: lookup with "Nuevo" (quick-create with the customer schema's own form). */
import type { Row } from '../../../engine/resources.ts';
import { RefPickerWithCreate } from '../../widgets/RefPickerWithCreate.tsx';

export function CustomerPicker(p: { value?: string; onChange: (id: string | undefined, row?: Row) => void; disabled: boolean }) {
  return <RefPickerWithCreate resource="customer" noun="cliente" label="Cliente" inputId="invoice-customer" buttonText="Nuevo" {...p} />;
}
