import { useEffect, useState, type FormEvent } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import { errorText } from '../my/errors.ts';
import type { Page } from './api.ts';

export interface OwnRecordsApi<T> {
  list(offset: number): Promise<Page<T>>;
  post(form: FormData): Promise<unknown>;
  remove(id: number): Promise<unknown>;
  /** Shown after a successful post. */
  sentText: string;
}

/**
 * A member's own customer-service records (inquiries, reports): the paged list, the multipart form
 * (reset and the list reloaded after a post; what was typed stays on an error) and delete with a
 * confirmation. The panels only lay out their own fields and rows.
 */
export function useOwnRecords<T>(api: OwnRecordsApi<T>, locale: Locale) {
  const [offset, setOffset] = useState(0);
  const [page, setPage] = useState<Page<T> | null>(null);
  const [error, setError] = useState('');
  const [formError, setFormError] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);
  const load = () => api.list(offset).then(setPage, (err) => setError(errorText(err, locale)));
  useEffect(() => {
    void load();
  }, [offset]);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const formEl = e.currentTarget;
    setFormError('');
    setDone('');
    setBusy(true);
    try {
      await api.post(new FormData(formEl));
      formEl.reset();
      setDone(api.sentText);
      setOffset(0);
      await load();
    } catch (err) {
      setFormError(errorText(err, locale));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (id: number) => {
    if (!window.confirm(m.cs_delete_confirm({}, { locale }))) return;
    try {
      await api.remove(id);
      await load();
    } catch (err) {
      setError(errorText(err, locale));
    }
  };

  return { offset, setOffset, page, error, formError, done, busy, submit, remove };
}
