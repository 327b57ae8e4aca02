/**
 * rjsf field for `x-location`: country, then state, then city, from the admin location API.
 * Value: `{country, state, city}` (ISO codes for country and state, the city's name).
 * @example schema: { "ubicacion": { "type": "object", "x-location": true, "properties": {…} } }
 */
import { HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import type { FieldProps } from '@rjsf/utils';
import { useApiData } from '../../engine/useApiData.ts';

type Place = { _id: string; name: string };
const NO_PLACES: Place[] = [];
const usePlaces = (path: string | null) => useApiData<Place[]>({ path }).data ?? NO_PLACES;

function PlaceSelect(p: { label: string; value?: string; places: Place[]; disabled: boolean; onChange: (v: string | undefined) => void }) {
  return (
    <NativeSelect.Root size="sm" disabled={p.disabled}>
      <NativeSelect.Field aria-label={p.label} value={p.value ?? ''} onChange={(e) => p.onChange(e.target.value || undefined)}>
        <option value="">{p.label}…</option>
        {p.places.map((x) => (
          <option key={x._id} value={x._id}>
            {x.name}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

export function LocationField(props: FieldProps) {
  const value = (props.formData ?? {}) as { country?: string; state?: string; city?: string };
  const countries = usePlaces('/api/admin/country');
  const states = usePlaces(value.country ? `/api/admin/country/${value.country}/state` : null);
  const cities = usePlaces(value.country && value.state ? `/api/admin/country/${value.country}/state/${value.state}/city` : null);
  const disabled = Boolean(props.disabled || props.readonly);
  const change = (v: typeof value) => props.onChange(v, props.fieldPathId.path);
  return (
    <Stack gap="1">
      <Text fontSize="sm" fontWeight="medium">
        {props.schema.title ?? 'Ubicación'}
      </Text>
      <HStack gap="2" wrap="wrap">
        <PlaceSelect label="País" value={value.country} places={countries} disabled={disabled} onChange={(country) => change({ country })} />
        <PlaceSelect label="Provincia" value={value.state} places={states} disabled={disabled || !value.country} onChange={(state) => change({ country: value.country, state })} />
        <PlaceSelect label="Ciudad" value={value.city} places={cities} disabled={disabled || !value.state} onChange={(city) => change({ ...value, city })} />
      </HStack>
    </Stack>
  );
}
