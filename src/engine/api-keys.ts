/**
 * The company's API keys (`/api/admin/api-key`, DESIGN.md §9) for the Integraciones section: the
 * list (cached), create (answers the key itself, once) and revoke; both refresh the list.
 * @example const { keys, create, revoke } = useApiKeys(); const { key } = await create({ name: 'Caja 1', role: 'EMISOR' });
 */
import useSWR from 'swr';
import { request } from './api-client.ts';

const PATH = '/api/admin/api-key';

export interface ApiKey {
  _id: string;
  name: string;
  role: string;
  prefix: string;
  createdBy: { _id: string; name: string } | null;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** The answer to a create: the only time the whole key (`emk_…`) is shown. */
export interface CreatedApiKey {
  _id: string;
  name: string;
  role: string;
  prefix: string;
  key: string;
}

export function useApiKeys() {
  const { data, isLoading, mutate } = useSWR([PATH, 'list'], async () => (await request<ApiKey[]>({ path: PATH })).data ?? [], { revalidateOnFocus: false });
  return {
    keys: data ?? [],
    isLoading,
    /** @throws ApiError with the server's `details` (name, role) for the form. */
    async create(body: { name: string; role: string }): Promise<CreatedApiKey> {
      const { data: created } = await request<CreatedApiKey>({ method: 'POST', path: PATH, body, kind: 'form' });
      await mutate();
      return created;
    },
    /** @throws ApiError when the key cannot be revoked. */
    async revoke(id: string): Promise<void> {
      await request({ method: 'DELETE', path: `${PATH}/${encodeURIComponent(id)}`, kind: 'form' });
      await mutate();
    },
  };
}
