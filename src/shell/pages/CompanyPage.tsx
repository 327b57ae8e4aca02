/**
 * Empresa (`#/pages/company`): the company profile and its SRI settings (the `company` schema's
 * form: obligado a llevar contabilidad, contribuyente especial, RIMPE, agente de retención,
 * ambiente, versión del XML), beside it the signing certificate and RIDE logo cards, and below,
 * for those who may manage the company, the Integraciones section (API keys, webhooks).
 */
import { Button, Card, Flex, Heading, HStack, SimpleGrid, Spinner, Stack } from '@chakra-ui/react';
import { can, useSession } from '../../engine/session.ts';
import { useSchema } from '../../engine/schema-registry.ts';
import { withoutBlanks } from '../../engine/form-schema.ts';
import { useEditController } from '../../engine/useEditController.ts';
import { SchemaForm } from '../../renderers/SchemaForm.tsx';
import { CertificateCard } from './company/CertificateCard.tsx';
import { LogoCard } from './company/LogoCard.tsx';
import { ApiKeysCard } from './company/ApiKeysCard.tsx';
import { WebhooksCard } from './company/WebhooksCard.tsx';
import type { Company } from './company/company-types.ts';

export default function CompanyPage() {
  const entry = useSchema('company');
  const mayUpdate = can(useSession(), 'company', 'update');
  const edit = useEditController<Record<string, unknown>, Company>({
    resource: 'company',
    singleton: true,
    toForm: withoutBlanks,
    refreshFormOnSave: true,
    success: 'Datos de la empresa guardados',
  });
  const { record: data, data: form } = edit;
  if (!entry || !data || !form) {
    return (
      <Flex justify="center" py="10">
        <Spinner aria-label="Cargando" />
      </Flex>
    );
  }
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
          <SchemaForm entry={entry} editing formData={form} onChange={(d) => edit.setData(d, false)} onSubmit={edit.save} serverErrors={edit.errors} disabled={edit.saving || !mayUpdate}>
            <HStack justify="flex-end" mt="4">
              {mayUpdate && (
                <Button type="submit" colorPalette="blue" loading={edit.saving}>
                  Guardar
                </Button>
              )}
            </HStack>
          </SchemaForm>
        </Card.Body>
      </Card.Root>
      {/* Attachments slot: the signing certificate and the RIDE logo. */}
      <Stack gap="6">
        <CertificateCard company={data} onChange={edit.setRecord} />
        <LogoCard company={data} onChange={edit.setRecord} />
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
