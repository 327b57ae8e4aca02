/**
 * "Copiar desde clientes" on the Proveedores list (list.json `actions`): pick a customer (search
 * /api/customer) and a supplier record is created from its tipoIdentificacion, identificacion,
 * razonSocial, email, direccion and telefono (POST /api/supplier, with the schema's checks). When a
 * supplier with that identificación exists it is not created again: the dialog says so and links
 * to it. Shown to users who may create suppliers.
 * @example <CopyFromCustomersAction entry={supplierEntry} basePath="/purchases/supplier" />
 */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { LuCopy } from 'react-icons/lu';
import { accessTo } from '../../engine/access.ts';
import { apiPathOf } from '../../engine/schema-registry.ts';
import { fetchPage, saveRecord, type Row } from '../../engine/resources.ts';
import { useSession } from '../../engine/session.ts';
import { useMutation } from '../../engine/useMutation.ts';
import { DialogFrame } from '../ConfirmDialog.tsx';
import { RefSelect } from '../widgets/RefSelect.tsx';
import type { ListActionProps } from '../list/list-actions.ts';
import { supplierFromCustomer, supplierWithIdentificacion } from './copy-from-customer.ts';

type Outcome = { created: Row } | { existing: Row } | { refusal: string };

export default function CopyFromCustomersAction({ entry, basePath }: ListActionProps) {
  const access = accessTo(useSession(), entry);
  const apiPath = apiPathOf(entry);
  const [open, setOpen] = useState(false);
  const [customer, setCustomer] = useState<Row | undefined>();
  const [outcome, setOutcome] = useState<Outcome | undefined>();
  const copy = useMutation<Row, Outcome>({
    mutationFn: async (c) => {
      const made = supplierFromCustomer(c);
      if ('refusal' in made) return made;
      const { rows } = await fetchPage(apiPath, { q: made.body.identificacion, per_page: 100 });
      const existing = supplierWithIdentificacion(rows, made.body.identificacion);
      if (existing) return { existing };
      return { created: await saveRecord<Row>({ resource: entry.name, body: made.body }) };
    },
    invalidates: [apiPath],
    errorMessage: 'No se pudo copiar el cliente',
    success: (r) => ('created' in r ? `Proveedor ${String(r.created.razonSocial)} creado desde clientes` : undefined),
    onSuccess: (r) => {
      if ('created' in r) close();
      else setOutcome(r);
    },
  });
  if (!access.create) return null;
  function close() {
    setOpen(false);
    setCustomer(undefined);
    setOutcome(undefined);
  }
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        <LuCopy /> Copiar desde clientes
      </Button>
      <DialogFrame
        open={open}
        title="Copiar un cliente como proveedor"
        onClose={close}
        action={{ label: 'Crear proveedor', colorPalette: 'blue', busy: copy.isPending, disabled: !customer, onClick: () => customer && void copy.mutate(customer) }}
      >
        <Stack gap="3">
          <Text fontSize="sm" color="fg.muted">
            Se copian el tipo y número de identificación, la razón social, el correo, la dirección y el teléfono del cliente.
          </Text>
          <RefSelect
            resource="customer"
            value={customer?._id}
            onChange={(_id, row) => {
              setCustomer(row);
              setOutcome(undefined);
            }}
            inputId="copy-customer"
            label="Cliente"
            placeholder="Buscar cliente por nombre o identificación…"
            fullWidth
          />
          {customer && (
            <Text fontSize="sm" data-testid="copy-customer-summary">
              {String(customer.razonSocial)} · {String(customer.identificacion)}
              {customer.email ? ` · ${String(customer.email)}` : ''}
            </Text>
          )}
          {outcome && 'existing' in outcome && (
            <Alert.Root status="warning" role="status">
              <Alert.Indicator />
              <Alert.Description>
                Ya existe un proveedor con la identificación {String(outcome.existing.identificacion)}: {String(outcome.existing.razonSocial)}. No se creó otro.{' '}
                <RouterLink to={`${basePath}/${encodeURIComponent(outcome.existing._id)}`} onClick={close} style={{ textDecoration: 'underline' }}>
                  Ver proveedor
                </RouterLink>
              </Alert.Description>
            </Alert.Root>
          )}
          {outcome && 'refusal' in outcome && (
            <Alert.Root status="warning" role="status">
              <Alert.Indicator />
              <Alert.Description>{outcome.refusal}</Alert.Description>
            </Alert.Root>
          )}
        </Stack>
      </DialogFrame>
    </>
  );
}
