/**
 * Register a received comprobante from its XML file: the authorised comprobante or the SRI's
 * authorisation XML (`<autorizacion>` with the comprobante inside), as suppliers mail them.
 * @example <XmlUploadCard basePath="/purchases/received-document" />
 */
import { useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Card, Heading, Input, Text } from '@chakra-ui/react';
import { LuFileUp } from 'react-icons/lu';
import { useMutation } from '../../engine/useMutation.ts';
import { RECEIVED_API } from './received-model.ts';
import type { ReceivedView } from '../../../core/received-view.ts';

export function XmlUploadCard({ basePath }: { basePath: string }) {
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const upload = useMutation({
    request: async (file: File) => ({ method: 'POST', path: RECEIVED_API, body: { xml: await file.text() } }),
    success: (r: ReceivedView) => `Registrado: ${r.numero} de ${r.razonSocialEmisor}`,
    invalidates: [RECEIVED_API],
    onSuccess: (r: ReceivedView) => navigate(`${basePath}/${encodeURIComponent(r._id)}`),
  });
  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h3" size="md">
          Por archivo XML
        </Heading>
      </Card.Header>
      <Card.Body>
        <Text fontSize="sm" color="fg.muted" mb="3">
          El XML autorizado que envió el proveedor (el comprobante o el XML de autorización del SRI).
        </Text>
        <Input
          ref={input}
          type="file"
          accept=".xml,text/xml,application/xml"
          display="none"
          aria-label="Archivo XML del comprobante"
          data-testid="xml-file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void upload.mutate(file);
          }}
        />
        <Button variant="outline" alignSelf="flex-start" onClick={() => input.current?.click()} loading={upload.isPending} loadingText="Verificando…">
          <LuFileUp /> Elegir archivo XML
        </Button>
        {upload.error && (
          <Text color="fg.error" fontSize="sm" mt="2" role="alert">
            {upload.error}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}
