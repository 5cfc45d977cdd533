/**
 * Identity verification through PortOne V2 (`@portone/server-sdk` `getIdentityVerification`). The
 * request id of api/identity/identity-requests.ts is PortOne's `identityVerificationId`, so a
 * verification belongs to the member who started the request. Configured by IDENTITY_PROVIDER=portone.
 */
import type { IdentityVerification, PortOneClient } from '@portone/server-sdk';
import * as v from 'valibot';
import { PAGE } from '../../../domain/routes.ts';
import { birthdaySchema } from '../../../domain/schemas/fields.ts';
import { callPortOne, describeFailure, portOneClient } from '../portone/client.ts';
import type { IdentityProvider } from './identity-provider.ts';
import type { PortOneIdentitySettings } from './settings.ts';

/** What the browser SDK's `PortOne.requestIdentityVerification()` takes. */
export interface IdentityVerificationRequest {
  storeId: string;
  channelKey: string;
  identityVerificationId: string;
}

export interface VerifiedPerson {
  /** `YYYY-MM-DD`, as the adult checks read it. */
  birthday: string;
  name: string;
  phoneNumber: string | null;
  gender: 'MALE' | 'FEMALE' | null;
  isForeigner: boolean | null;
  /** Connecting information: the same person across services (one account per person). */
  ci: string | null;
  di: string | null;
}

export type IdentityReport =
  | { status: 'verified'; person: VerifiedPerson }
  | { status: 'failed'; note: string }
  /** READY: the person has not finished, or PortOne reports a status this code does not know. */
  | { status: 'pending' }
  | { status: 'not_found' };

export type IdentityLookup =
  | { ok: true; report: IdentityReport }
  | { ok: false; code: 'identity_unavailable'; note: string };

export class PortOneIdentity implements IdentityProvider {
  readonly kind = 'portone' as const;
  readonly #settings: PortOneIdentitySettings;
  readonly #client: PortOneClient;

  constructor(settings: PortOneIdentitySettings) {
    this.#settings = settings;
    this.#client = portOneClient(settings);
  }

  /** The site's personal-auth page, which runs the browser SDK for this request. */
  startUrl(requestId: string): string {
    return `${PAGE.personalAuth}?${new URLSearchParams({ provider: 'portone', requestId })}`;
  }

  browserRequest(requestId: string): IdentityVerificationRequest {
    return {
      storeId: this.#settings.storeId,
      channelKey: this.#settings.channelKey,
      identityVerificationId: requestId,
    };
  }

  async verification(requestId: string): Promise<IdentityLookup> {
    const got = await callPortOne(() =>
      this.#client.identityVerification.getIdentityVerification({
        identityVerificationId: requestId,
        storeId: this.#settings.storeId,
      }),
    );
    if (!got.ok) {
      if (got.failure.kind === 'rest' && got.failure.type === 'IDENTITY_VERIFICATION_NOT_FOUND')
        return { ok: true, report: { status: 'not_found' } };
      return { ok: false, code: 'identity_unavailable', note: describeFailure(got.failure) };
    }
    return { ok: true, report: identityReport(got.value, requestId) };
  }
}

export function identityReport(
  verification: IdentityVerification.IdentityVerification,
  requestId: string,
): IdentityReport {
  if ((verification as { id?: unknown }).id !== requestId) return { status: 'not_found' };
  if (verification.status === 'FAILED') {
    const f = (verification as IdentityVerification.FailedIdentityVerification).failure;
    return { status: 'failed', note: (f.reason ?? f.pgMessage ?? 'identity verification failed').slice(0, 200) };
  }
  if (verification.status !== 'VERIFIED') return { status: 'pending' };
  const c = (verification as IdentityVerification.VerifiedIdentityVerification).verifiedCustomer;
  const birthday = v.safeParse(birthdaySchema, c.birthDate ?? '');
  // A verification without a usable birth date proves nothing the adult checks can use.
  if (!birthday.success) return { status: 'failed', note: 'PortOne reported no valid birth date' };
  return {
    status: 'verified',
    person: {
      birthday: birthday.output,
      name: c.name,
      phoneNumber: c.phoneNumber ?? null,
      gender: c.gender === 'MALE' ? 'MALE' : c.gender === 'FEMALE' ? 'FEMALE' : null,
      isForeigner: c.isForeigner ?? null,
      ci: c.ci ?? null,
      di: c.di ?? null,
    },
  };
}
