/**
 * The account controls of My page: a new nickname (`PUT /api/my/profile`), and signing out everywhere (`POST
 * /api/auth/expire`).
 */
import { profileEditSchema } from '../../domain/schemas/profile.ts';
import { apiResult, type ApiFailure } from '../lib/api-client.ts';
import { checkInput } from '../lib/form-input.ts';
import { loadSession, logout } from './session.ts';

/**
 * Renames the member (the sign-up nickname rule, checked before sending), then reads the profile again; the failure, or
 * null.
 */
export async function saveNickname(nickname: string): Promise<ApiFailure | null> {
  const input = checkInput(profileEditSchema, { nickname });
  if (!input.ok) return input.failure;
  const r = await apiResult('/api/my/profile', {
    method: 'PUT',
    body: { nickname: input.value.nickname },
    silent: true,
  });
  if (!r.ok) return r.failure;
  await loadSession({ force: true });
  return null;
}

/** Ends every session of the account, this one included; the failure, or null (then the page is a guest's). */
export async function signOutEverywhere(loginId: string): Promise<ApiFailure | null> {
  const r = await apiResult('/api/auth/expire', { method: 'POST', body: { loginId }, silent: true });
  if (!r.ok) return r.failure;
  await logout();
  return null;
}
