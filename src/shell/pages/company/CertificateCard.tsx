/**
 * The signing certificate slot of the company page: upload a .p12/.pfx with its password; shows
 * subject, issuer, serial and validity, and warns 30 days before it expires.
 * @example <CertificateCard company={company} onChange={setCompany} />
 */
import { useState } from 'react';
import { Badge, Button, Card, DataList, FileUpload, Heading, HStack, Stack } from '@chakra-ui/react';
import { LuUpload } from 'react-icons/lu';
import { useMutation } from '../../../engine/useMutation.ts';
import { Message, TextField } from '../auth-form.tsx';
import { toBase64, type Company } from './company-types.ts';
import { date, plural } from '../../../renderers/format.ts';

export function CertificateCard({ company, onChange }: { company: Company; onChange: (c: Company) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const cert = company.certificate;
  const upload = useMutation<File, Company>({
    request: async (p12) => ({ method: 'POST', path: '/api/admin/company/certificate', body: { p12: await toBase64(p12), password } }),
    success: 'Certificado de firma guardado',
    notifyError: false,
    onSuccess: (saved) => {
      onChange(saved);
      setFile(null);
      setPassword('');
    },
  });
  const error = upload.error;
  return (
    <Card.Root>
      <Card.Header>
        <Heading size="md">Firma electrónica</Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          {cert ? (
            <>
              {cert.daysToExpiry <= 30 && (
                <Message status={cert.daysToExpiry < 0 ? 'error' : 'warning'}>
                  {cert.daysToExpiry < 0 ? 'El certificado expiró: no podrá emitir facturas.' : `El certificado expira en ${plural(cert.daysToExpiry, 'día', 'días')}: renuévelo a tiempo.`}
                </Message>
              )}
              <DataList.Root orientation="horizontal" size="sm">
                {[
                  ['Titular', cert.subject],
                  ['Emisor', cert.issuer],
                  ['Serie', cert.serialNumber],
                  ['Válido desde', date(cert.notBefore)],
                  ['Válido hasta', date(cert.notAfter)],
                ].map(([k, v]) => (
                  <DataList.Item key={k}>
                    <DataList.ItemLabel>{k}</DataList.ItemLabel>
                    <DataList.ItemValue wordBreak="break-all">{v}</DataList.ItemValue>
                  </DataList.Item>
                ))}
              </DataList.Root>
              <Badge colorPalette={cert.daysToExpiry > 30 ? 'green' : 'orange'} alignSelf="flex-start">
                {plural(cert.daysToExpiry, 'día', 'días')} para expirar
              </Badge>
            </>
          ) : (
            <Message status="info">Suba el certificado de firma electrónica (.p12 o .pfx) para emitir facturas.</Message>
          )}
          {error && <Message status="error">{error}</Message>}
          <FileUpload.Root accept={['.p12', '.pfx', 'application/x-pkcs12']} maxFiles={1} onFileChange={(d) => setFile(d.acceptedFiles[0] ?? null)}>
            <FileUpload.HiddenInput aria-label="Archivo del certificado" />
            <FileUpload.Trigger asChild>
              <Button variant="outline" size="sm">
                <LuUpload /> {file ? file.name : cert ? 'Reemplazar certificado…' : 'Elegir certificado…'}
              </Button>
            </FileUpload.Trigger>
          </FileUpload.Root>
          <TextField label="Contraseña del certificado" type="password" autoComplete="off" value={password} onChange={(e) => setPassword(e.target.value)} helper="Se guarda cifrada y nunca se muestra" />
          <HStack justify="flex-end">
            <Button colorPalette="blue" loading={upload.isPending} onClick={() => file && void upload.mutate(file)} disabled={!file}>
              Guardar certificado
            </Button>
          </HStack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
