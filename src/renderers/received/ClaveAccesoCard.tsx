/**
 * Register a received comprobante by its clave de acceso: the 49 digits are checked as they are
 * typed (digits only, length, módulo 11 check digit); the server then fetches the authorised XML
 * from the SRI and opens the registered document.
 * @example <ClaveAccesoCard basePath="/purchases/received-document" />
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Card, Field, Heading, Input, Text } from '@chakra-ui/react';
import { LuSearch } from 'react-icons/lu';
import { useMutation } from '../../engine/useMutation.ts';
import { claveProblem, RECEIVED_API } from './received-model.ts';
import type { ReceivedView } from '../../../core/received-view.ts';

export function ClaveAccesoCard({ basePath }: { basePath: string }) {
  const navigate = useNavigate();
  const [clave, setClave] = useState('');
  const digits = clave.replace(/\s+/g, '');
  const problem = claveProblem(clave);
  const register = useMutation({
    request: (claveAcceso: string) => ({ method: 'POST', path: RECEIVED_API, body: { claveAcceso } }),
    success: (r: ReceivedView) => `Registrado: ${r.numero} de ${r.razonSocialEmisor}`,
    invalidates: [RECEIVED_API],
    onSuccess: (r: ReceivedView) => navigate(`${basePath}/${encodeURIComponent(r._id)}`),
  });
  const ready = digits.length === 49 && !problem;
  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h3" size="md">
          Por clave de acceso
        </Heading>
      </Card.Header>
      <Card.Body>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (ready) void register.mutate(digits);
          }}
        >
          <Field.Root invalid={Boolean(problem || register.error)}>
            <Field.Label>Clave de acceso (49 dígitos)</Field.Label>
            <Input
              name="claveAcceso"
              inputMode="numeric"
              autoComplete="off"
              placeholder="Pegue la clave del RIDE o del correo del proveedor"
              value={clave}
              onChange={(e) => {
                setClave(e.target.value);
                register.reset();
              }}
              fontFamily="mono"
            />
            {problem ? <Field.ErrorText data-testid="clave-problem">{problem}</Field.ErrorText> : register.error ? <Field.ErrorText>{register.error}</Field.ErrorText> : <Field.HelperText>{digits.length}/49 dígitos</Field.HelperText>}
          </Field.Root>
          <Button type="submit" mt="3" colorPalette="blue" disabled={!ready} loading={register.isPending} loadingText="Consultando al SRI…">
            <LuSearch /> Consultar al SRI y registrar
          </Button>
          <Text fontSize="xs" color="fg.muted" mt="2">
            El comprobante se descarga del servicio de autorización del SRI.
          </Text>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
