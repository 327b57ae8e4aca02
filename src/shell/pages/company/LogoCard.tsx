/**
 * The RIDE logo of the company: shows the current one and uploads a PNG or JPEG.
 * @example <LogoCard company={company} onChange={setCompany} />
 */
import { useEffect, useState } from 'react';
import { Button, Card, FileUpload, Heading, Image, Stack, Text } from '@chakra-ui/react';
import { LuUpload } from 'react-icons/lu';
import { fetchBlob } from '../../../engine/api-client.ts';
import { useMutation } from '../../../engine/useMutation.ts';
import { toBase64, type Company } from './company-types.ts';

export function LogoCard({ company, onChange }: { company: Company; onChange: (c: Company) => void }) {
  const [version, setVersion] = useState(0);
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!company.hasLogo) return setUrl(undefined);
    let revoked: string | undefined;
    fetchBlob('/api/admin/company/logo')
      .then((b) => setUrl((revoked = URL.createObjectURL(b))))
      .catch(() => setUrl(undefined));
    return () => {
      if (revoked) URL.revokeObjectURL(revoked);
    };
  }, [company.hasLogo, version]);
  const upload = useMutation<File, Company>({
    request: async (image) => ({ method: 'PUT', path: '/api/admin/company/logo', body: { image: await toBase64(image) } }),
    success: 'Logo actualizado',
    onSuccess: (saved) => {
      onChange(saved);
      setVersion((v) => v + 1);
    },
  });
  return (
    <Card.Root>
      <Card.Header>
        <Heading size="md">Logo para el RIDE</Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          {url ? <Image src={url} alt="Logo de la empresa" maxH="80px" objectFit="contain" alignSelf="flex-start" /> : <Text color="fg.muted">Sin logo.</Text>}
          <FileUpload.Root
            accept={['image/png', 'image/jpeg']}
            maxFiles={1}
            onFileChange={(d) => {
              const f = d.acceptedFiles[0];
              if (f) void upload.mutate(f);
            }}
          >
            <FileUpload.HiddenInput aria-label="Archivo del logo" />
            <FileUpload.Trigger asChild>
              <Button variant="outline" size="sm" alignSelf="flex-start">
                <LuUpload /> Subir logo (PNG o JPEG, hasta 500 KB)
              </Button>
            </FileUpload.Trigger>
          </FileUpload.Root>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
