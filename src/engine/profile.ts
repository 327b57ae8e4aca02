/**
 * The signed-in user as the server sees it now (`GET /api/user/profile-info`), stored in the
 * session so the layout shows the new name at once.
 * @example await refreshCurrentUser(); // after the profile was saved
 */
import { request } from './api-client.ts';
import { session, type CurrentUser } from './session.ts';

/** @throws the server's error body when the profile cannot be read. */
export async function refreshCurrentUser(): Promise<CurrentUser> {
  const { data } = await request<CurrentUser>({ path: '/api/user/profile-info', kind: 'profile' });
  session.update({ user: data });
  return data;
}
