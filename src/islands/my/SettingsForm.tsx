import { useState, type FormEvent } from 'react';
import { MEMBER_SORT_CODE_MAX } from '../../../domain/limits.ts';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import { failureText } from '../../lib/error-text.ts';
import { saveSettings, type Settings } from '../../stores/my.ts';
import type { ProfileSettings } from '../../stores/session.ts';
import { FormMessage } from '../ui/FormMessage.tsx';

const FLAGS = ['isView', 'isVibes', 'isSponser', 'isBigFan'] as const;

export function SettingsForm({ initial, locale }: { initial: ProfileSettings; locale: Locale }) {
  const o = { locale };
  const [value, setValue] = useState<Settings>({
    ...initial,
    memberSortCode: Number(initial.memberSortCode ?? 0) || 0,
  });
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const labels: Record<(typeof FLAGS)[number], string> = {
    isView: m.my_setting_is_view({}, o),
    isVibes: m.my_setting_is_vibes({}, o),
    isSponser: m.my_setting_is_sponser({}, o),
    isBigFan: m.my_setting_is_big_fan({}, o),
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setStatus('');
    setError('');
    const failure = await saveSettings(value);
    if (failure) setError(failureText(failure, locale));
    else setStatus(m.my_setting_saved({}, o));
  };
  return (
    <form className="my-form" onSubmit={submit}>
      {FLAGS.map((flag) => (
        <label key={flag} className="my-check flx-toggle">
          <input
            type="checkbox"
            role="switch"
            aria-checked={value[flag]}
            name={flag}
            checked={value[flag]}
            onChange={(e) => setValue({ ...value, [flag]: e.target.checked })}
          />
          {labels[flag]}
        </label>
      ))}
      <label>
        {m.my_setting_sort_code({}, o)}
        <input
          type="number"
          name="memberSortCode"
          min={0}
          max={MEMBER_SORT_CODE_MAX}
          value={value.memberSortCode}
          onChange={(e) =>
            setValue({
              ...value,
              memberSortCode: Math.max(0, Math.min(MEMBER_SORT_CODE_MAX, Number(e.target.value) || 0)),
            })
          }
        />
      </label>
      <FormMessage className="my-error">{error}</FormMessage>
      {status && (
        <p className="my-ok" role="status">
          {status}
        </p>
      )}
      <div className="my-actions">
        <button type="submit" className="flx-button flx-button--primary">
          {m.my_setting_save({}, o)}
        </button>
      </div>
    </form>
  );
}
