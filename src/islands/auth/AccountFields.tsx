import { useState, type ReactNode } from 'react';
import { LOGIN_ID_LENGTH_MAX, NICKNAME_LENGTH_MAX } from '../../../domain/limits.ts';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import { Field } from './Field.tsx';
import { mismatchText, type useSignupChecks } from './use-signup-checks.ts';

/** The account part both sign-up forms ask for: ID, password twice, nickname, optional recommender. */
export function useAccountValues(presetRecommender: string) {
  const [loginId, setLoginId] = useState('');
  const [password, setPassword] = useState('');
  const [passwordConfirm, setPasswordConfirm] = useState('');
  const [nickname, setNickname] = useState('');
  const [recommendId, setRecommendId] = useState(presetRecommender);
  return {
    loginId,
    setLoginId,
    password,
    setPassword,
    passwordConfirm,
    setPasswordConfirm,
    nickname,
    setNickname,
    recommendId,
    setRecommendId,
  };
}

type AccountValues = ReturnType<typeof useAccountValues>;

interface Props {
  locale: Locale;
  values: AccountValues;
  checks: ReturnType<typeof useSignupChecks>;
  passwordMax: number;
  /** Foreigners' passwords follow the foreigner rule (SPEC §5). */
  foreigner?: boolean;
  /** Hides the recommender field when the query already names one. */
  presetRecommender: string;
  /** Fields between the password confirmation and the nickname (a foreigner's name). */
  children?: ReactNode;
}

/** The account fields with their live checks; a checked field's verdict is cleared when it changes. */
export function AccountFields({
  locale,
  values: v,
  checks,
  passwordMax,
  foreigner = false,
  presetRecommender,
  children,
}: Props) {
  const o = { locale };
  const { errors, notes } = checks;
  const live = (field: 'loginId' | 'nickname' | 'recommendId', set: (value: string) => void) => (value: string) => {
    set(value);
    checks.set(field, null);
  };
  return (
    <>
      <Field
        label={m.auth_field_login_id({}, o)}
        hint={m.auth_field_login_id_hint({}, o)}
        value={v.loginId}
        onValue={live('loginId', v.setLoginId)}
        onBlur={() => void checks.checkLoginId(v.loginId)}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={LOGIN_ID_LENGTH_MAX}
        error={errors.loginId}
        note={notes.loginId}
      />
      <Field
        label={m.auth_field_password({}, o)}
        hint={m.auth_field_password_hint({}, o)}
        type="password"
        value={v.password}
        onValue={v.setPassword}
        onBlur={() => void checks.checkPassword(v.password, foreigner)}
        autoComplete="new-password"
        maxLength={passwordMax}
        error={errors.password}
      />
      <Field
        label={m.auth_field_password_confirm({}, o)}
        type="password"
        value={v.passwordConfirm}
        onValue={v.setPasswordConfirm}
        onBlur={() =>
          void mismatchText(v.password, v.passwordConfirm, locale).then((t) => checks.set('passwordConfirm', t))
        }
        autoComplete="new-password"
        maxLength={passwordMax}
        error={errors.passwordConfirm}
      />
      {children}
      <Field
        label={m.auth_field_nickname({}, o)}
        value={v.nickname}
        onValue={live('nickname', v.setNickname)}
        onBlur={() => void checks.checkNickname(v.nickname)}
        maxLength={NICKNAME_LENGTH_MAX}
        error={errors.nickname}
        note={notes.nickname}
      />
      {!presetRecommender && (
        <Field
          label={m.auth_field_recommender({}, o)}
          hint={m.auth_field_optional({}, o)}
          value={v.recommendId}
          onValue={live('recommendId', v.setRecommendId)}
          onBlur={() => void checks.checkRecommender(v.recommendId)}
          autoCapitalize="none"
          spellCheck={false}
          maxLength={LOGIN_ID_LENGTH_MAX}
          error={errors.recommendId}
        />
      )}
    </>
  );
}
