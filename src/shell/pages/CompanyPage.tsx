/**
 * Empresa (`#/pages/company`): the company profile and its SRI settings (the `company` schema's
 * form: obligado a llevar contabilidad, contribuyente especial, RIMPE, agente de retención,
 * ambiente, versión del XML), beside it the signing certificate and RIDE logo cards, and below,
 * for those who may manage the company, the Integraciones section (API keys, webhooks).
 */
import { useEffect, useState } from 'react';
import { Button, Card, Flex, Heading, HStack, SimpleGrid, Spinner, Stack } from '@chakra-ui/react';
import useSWR from 'swr';
import { ApiError, errorMessage, request } from '../../engine/api-client.ts';
import { notify } from '../../engine/notify.ts';
import { can, useSession } from '../../engine/session.ts';
import { useSchema } from '../../engine/schema-registry.ts';
import { withoutBlanks, writableData } from '../../engine/form-schema.ts';
import { SchemaForm } from '../../renderers/SchemaForm.tsx';
import { CertificateCard } from './company/CertificateCard.tsx';
import { LogoCard } from './company/LogoCard.tsx';
import { ApiKeysCard } from './company/ApiKeysCard.tsx';
import { WebhooksCard } from './company/WebhooksCard.tsx';
import type { Company } from './company/company-types.ts';

export default function CompanyPage() {
  const entry = useSchema('company');
  const mayUpdate = can(useSession(), 'company', 'update');
  const { data, mutate } = useSWR(['/api/admin/company', 'one'], async () => (await request<Company>({ path: '/api/admin/company' })).data, { revalidateOnFocus: false });
  const [form, setForm] = useState<Record<string, unknown> | null>(null);
  const [saving, setSaving] = useState(false);
  const [details, setDetails] = useState<Array<{ path: string; message: string }>>();
  useEffect(() => {
    if (data && !form) setForm(withoutBlanks(data));
  }, [data, form]);
  if (!entry || !data || !form) {
    return (
      <Flex justify="center" py="10">
        <Spinner aria-label="Cargando" />
      </Flex>
    );
  }
  const save = async (values: Record<string, unknown>) => {
    setSaving(true);
    setDetails(undefined);
    try {
      const { data: saved } = await request<Company>({ method: 'PUT', path: '/api/admin/company', body: writableData(entry.schema, values), kind: 'form' });
      await mutate(saved, { revalidate: false });
      setForm(withoutBlanks(saved));
      notify('success', 'Datos de la empresa guardados');
    } catch (err) {
      if (err instanceof ApiError && typeof err.body === 'object') setDetails(err.body.details);
      notify('danger', errorMessage(err, 'No se pudo guardar'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack gap="8">
    <SimpleGrid columns={{ base: 1, xl: 2 }} gap="6" alignItems="start">
      <Card.Root>
        <Card.Header>
          <Heading as="h2" size="md">
            Datos de la empresa y del SRI
          </Heading>
        </Card.Header>
        <Card.Body>
          <SchemaForm entry={entry} editing formData={form} onChange={setForm} onSubmit={save} serverErrors={details} disabled={saving || !mayUpdate}>
            <HStack justify="flex-end" mt="4">
              {mayUpdate && (
                <Button type="submit" colorPalette="blue" loading={saving}>
                  Guardar
                </Button>
              )}
            </HStack>
          </SchemaForm>
        </Card.Body>
      </Card.Root>
      {/* Attachments slot: the signing certificate and the RIDE logo. */}
      <Stack gap="6">
        <CertificateCard company={data} onChange={(c) => void mutate(c, { revalidate: false })} />
        <LogoCard company={data} onChange={(c) => void mutate(c, { revalidate: false })} />
      </Stack>
    </SimpleGrid>
    {mayUpdate && (
      <Stack as="section" gap="4" aria-labelledby="integraciones">
        <Heading as="h2" size="lg" id="integraciones">
          Integraciones
        </Heading>
        <ApiKeysCard />
        <WebhooksCard />
      </Stack>
    )}
    </Stack>
  );
}
