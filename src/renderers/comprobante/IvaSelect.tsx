/**
 * An IVA rate picker (SRI tabla 17 code, options from the tarifa_iva catalog): a line's rate, a nota
 * de débito's rate.
 * @example <IvaSelect label="IVA de la línea 1" value="4" options={iva.options} disabled={false} onChange={(code) => …} />
 */
import { NativeSelect } from '@chakra-ui/react';
import type { CatalogEntry } from '../../engine/catalogs.ts';

export function IvaSelect({ label, value, options, disabled, onChange }: { label: string; value: string; options: CatalogEntry[]; disabled: boolean; onChange: (code: string) => void }) {
  return (
    <NativeSelect.Root size="sm" disabled={disabled}>
      <NativeSelect.Field aria-label={label} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <option key={o.code} value={o.code}>
            {o.name}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
