/**
 * The company's API keys (`/api/admin/api-key`, DESIGN.md §9) for the Integraciones section: the
 * list (cached) and two mutations, create (answers the key itself, once) and revoke; both refresh
 * the list. Busy state, field errors (`create.details`: name, role) and the Spanish notifications
 * come from useMutation.
 * @example
 * const { keys, create, revoke } = useApiKeys({ onCreated: setShown, onRevoked: (key) => … });
 * <Button loading={create.isPending} onClick={() => create.mutate({ name: 'Caja 1', role: 'EMISOR' })} />
 */
import { useApiData } from './useApiData.ts';
import { useMutation } from './useMutation.ts';

const PATH = '/api/admin/api-key';

export type { CreatedApiKey } from '../../core/api-keys.ts';
import type { ApiKeyView, CreatedApiKey } from '../../core/api-keys.ts';

/** A key as the list shows it (core/api-keys.ts). */
export type ApiKey = ApiKeyView;

export function useApiKeys(p: { onCreated?: (created: CreatedApiKey) => void; onRevoked?: (key: ApiKey) => void } = {}) {
  const { data, isLoading } = useApiData<ApiKey[]>({ path: PATH });
  const create = useMutation({
    request: (body: { name: string; role: string }) => ({ method: 'POST', path: PATH, body }),
    errorMessage: 'No se pudo crear la clave',
    onSuccess: (created: CreatedApiKey) => p.onCreated?.(created),
    invalidates: [PATH],
  });
  const revoke = useMutation({
    request: (key: ApiKey) => ({ method: 'DELETE', path: `${PATH}/${encodeURIComponent(key._id)}` }),
    success: (_, key) => `Clave «${key.name}» revocada`,
    errorMessage: 'No se pudo revocar la clave',
    onSuccess: (_: unknown, key) => p.onRevoked?.(key),
    invalidates: [PATH],
  });
  return { keys: data ?? [], isLoading, create, revoke };
}
