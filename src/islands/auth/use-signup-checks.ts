import { useCallback, useState } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { loadRules } from './load-rules.ts';

export type FieldErrors = Partial<Record<string, string>>;

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
    async (value: string) => {
      if (!value) return set('loginId', null);
      const r = await loadRules();
      const local = r.fieldError(r.loginIdSchema, value, locale);
      if (local) return set('loginId', local);
      const free = await r.checkLoginIdFree(value);
      if (free === false) set('loginId', r.localizeText(r.FORM_TEXTS.loginIdExists, locale));
      else set('loginId', null, free ? r.auth_check_ok_login_id({}, { locale }) : null);
    },
    [locale, set],
  );

  const checkNickname = useCallback(
    async (value: string) => {
      if (!value) return set('nickname', null);
      const r = await loadRules();
      const local = r.fieldError(r.nicknameSchema, value, locale);
      if (local) return set('nickname', local);
      const free = await r.checkNicknameFree(value);
      if (free === false) set('nickname', r.localizeText(r.FORM_TEXTS.nicknameExists, locale));
      else set('nickname', null, free ? r.auth_check_ok_nickname({}, { locale }) : null);
    },
    [locale, set],
  );

  const checkRecommender = useCallback(
    async (value: string) => {
      if (!value) return set('recommendId', null);
      const r = await loadRules();
      const found = await r.checkRecommenderExists(value);
      set('recommendId', found === false ? r.localizeText(r.FORM_TEXTS.recommenderNotFound, locale) : null);
    },
    [locale, set],
  );

  /** The password rule on blur (`foreigner`: the 40-character input of SPEC §5). */
  const checkPassword = useCallback(
    async (value: string, foreigner = false) => {
      if (!value) return;
      const r = await loadRules();
      set('password', r.fieldError(foreigner ? r.foreignerPasswordSchema : r.passwordSchema, value, locale));
    },
    [locale, set],
  );

  return { errors, notes, setErrors, set, checkLoginId, checkNickname, checkRecommender, checkPassword };
}

/** Moves focus to the first control marked invalid, so keyboard and screen-reader users land on it. */
export function focusFirstInvalid(root: HTMLElement | null): void {
  requestAnimationFrame(() => {
    const el = root?.querySelector<HTMLElement>('[aria-invalid="true"]');
    el?.focus();
  });
}

/** The confirmation rule on blur, in §5 words. */
export async function mismatchText(password: string, confirm: string, locale: Locale): Promise<string | null> {
  if (!confirm || confirm === password) return null;
  const r = await loadRules();
  return r.localizeText(r.FORM_TEXTS.passwordMismatch, locale);
}
