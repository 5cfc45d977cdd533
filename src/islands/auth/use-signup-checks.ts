import { useCallback, useState } from 'react';
import type * as v from 'valibot';
import type { Locale } from '../../../domain/locales.ts';
import { FORM_TEXTS as T } from '../../../domain/schemas/texts.ts';
import { checkLoginIdFree, checkNicknameFree, checkRecommenderExists } from '../../stores/auth-signup.ts';
import { m } from '../../paraglide/messages.js';
import { fieldError, localizeText, type FieldErrors } from './validate.ts';

/**
 * Per-field errors of a sign-up form plus the live server checks of SPEC §5 (ID exists,
 * nickname overlap, recommender notfound), run when a field is left.
 */
export function useSignupChecks(locale: Locale) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notes, setNotes] = useState<FieldErrors>({});
  const set = useCallback((field: string, error: string | null, note: string | null = null) => {
    setErrors((e) => ({ ...e, [field]: error ?? undefined }));
    setNotes((n) => ({ ...n, [field]: note ?? undefined }));
  }, []);

  const checkLoginId = useCallback(
    async (value: string, schema: v.GenericSchema) => {
      if (!value) return set('loginId', null);
      const local = fieldError(schema, value, locale);
      if (local) return set('loginId', local);
      const free = await checkLoginIdFree(value);
      if (free === false) set('loginId', localizeText(T.loginIdExists, locale));
      else set('loginId', null, free ? m.auth_check_ok_login_id({}, { locale }) : null);
    },
    [locale, set],
  );

  const checkNickname = useCallback(
    async (value: string, schema: v.GenericSchema) => {
      if (!value) return set('nickname', null);
      const local = fieldError(schema, value, locale);
      if (local) return set('nickname', local);
      const free = await checkNicknameFree(value);
      if (free === false) set('nickname', localizeText(T.nicknameExists, locale));
      else set('nickname', null, free ? m.auth_check_ok_nickname({}, { locale }) : null);
    },
    [locale, set],
  );

  const checkRecommender = useCallback(
    async (value: string) => {
      if (!value) return set('recommendId', null);
      const found = await checkRecommenderExists(value);
      set('recommendId', found === false ? localizeText(T.recommenderNotFound, locale) : null);
    },
    [locale, set],
  );

  return { errors, notes, setErrors, set, checkLoginId, checkNickname, checkRecommender };
}

/** Moves focus to the first control marked invalid, so keyboard and screen-reader users land on it. */
export function focusFirstInvalid(root: HTMLElement | null): void {
  requestAnimationFrame(() => {
    const el = root?.querySelector<HTMLElement>('[aria-invalid="true"]');
    el?.focus();
  });
}
