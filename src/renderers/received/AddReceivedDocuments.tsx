/**
 * "Agregar comprobantes recibidos": the three ways a received comprobante enters, side by side —
 * its clave de acceso (fetched from the SRI), its XML file, or the SRI portal's TXT listing.
 * @example <AddReceivedDocuments basePath="/purchases/received-document" />
 */
import { Link as RouterLink } from 'react-router-dom';
import { Button, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { LuArrowLeft } from 'react-icons/lu';
import { ClaveAccesoCard } from './ClaveAccesoCard.tsx';
import { XmlUploadCard } from './XmlUploadCard.tsx';
import { TxtImportCard } from './TxtImportCard.tsx';

export function AddReceivedDocuments({ basePath }: { basePath: string }) {
  return (
    <Stack gap="4" data-testid="received-add">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Stack gap="0">
          <Heading as="h2" size="lg">
            Agregar comprobantes recibidos
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            Facturas, notas y retenciones emitidas a su RUC. Cada una se verifica con el SRI (autorización, firma y comprador) antes de registrarse.
          </Text>
        </Stack>
        <Button asChild size="sm" variant="outline">
          <RouterLink to={basePath}>
            <LuArrowLeft /> Volver a la lista
          </RouterLink>
        </Button>
      </HStack>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" alignItems="start">
        <Stack gap="4">
          <ClaveAccesoCard basePath={basePath} />
          <XmlUploadCard basePath={basePath} />
        </Stack>
        <TxtImportCard basePath={basePath} />
      </SimpleGrid>
    </Stack>
  );
}
