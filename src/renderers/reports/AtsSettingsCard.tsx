/**
 * The company's ATS settings (core/ats-settings.ts): where the public sources disagree, each choice
 * with what each source says; the SRI's reading is the default. Saved with PUT
 * /api/reports/ats/settings; the check and the file use them at once.
 */
import { useEffect, useState } from 'react';
import { Button, Card, Field, Heading, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useApiData } from '../../engine/useApiData.ts';
import { useMutation } from '../../engine/useMutation.ts';
import { useSession, can } from '../../engine/session.ts';
import { ATS_SETTINGS_HELP, type AtsSettings } from '../../../core/ats-settings.ts';

const SETTINGS = '/api/reports/ats/settings';
const encode = (v: unknown) => JSON.stringify(v);

/** @example <AtsSettingsCard onSaved={() => mutateCheck()} /> */
export function AtsSettingsCard(p: { onSaved?: () => void }) {
  const user = useSession();
  const editable = can(user, 'report', 'update');
  const { data } = useApiData<AtsSettings>({ path: SETTINGS });
  const [draft, setDraft] = useState<AtsSettings | undefined>(data);
  useEffect(() => setDraft(data), [data]);
  const save = useMutation<AtsSettings, AtsSettings>({ request: (body) => ({ method: 'PUT', path: SETTINGS, body }), success: 'Configuración del ATS guardada', invalidates: [SETTINGS, '/api/reports/ats/check'], onSuccess: () => p.onSaved?.() });
  const changed = Boolean(draft && data && encode(draft) !== encode(data));
  return (
    <Card.Root>
      <Card.Header>
        <Heading size="md">Configuración del ATS</Heading>
        <Text fontSize="sm" color="fg.muted">
          Donde las fuentes públicas no coinciden, la empresa elige. Por defecto, la lectura de la ficha técnica del SRI.
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="5">
          {ATS_SETTINGS_HELP.map((h) => (
            <Field.Root key={h.key} disabled={!editable || !draft}>
              <Field.Label fontWeight="semibold">{h.title}</Field.Label>
              <NativeSelect.Root size="sm" maxW="520px">
                <NativeSelect.Field
                  aria-label={h.title}
                  value={encode(draft?.[h.key])}
                  onChange={(e) => draft && setDraft({ ...draft, [h.key]: JSON.parse(e.target.value) })}
                >
                  {(h.choices as Array<{ value: unknown; label: string }>).map((c) => (
                    <option key={encode(c.value)} value={encode(c.value)}>
                      {c.label}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Field.HelperText>{h.explanation}</Field.HelperText>
            </Field.Root>
          ))}
          {editable && (
            <Button alignSelf="flex-start" size="sm" disabled={!changed} loading={save.isPending} onClick={() => draft && void save.mutate(draft)}>
              Guardar configuración
            </Button>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
