import { useStore } from '@nanostores/react';
import { useEffect, type FormEvent, type ReactNode } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { failureText } from '../../lib/error-text.ts';
import { m } from '../../paraglide/messages.js';
import { CS_PAGE_LIMIT, type OwnRecords } from '../../stores/cs.ts';
import { Pager } from '../ui/Pager.tsx';
import { FileField } from './FileField.tsx';
import { useConfirm } from '../ui/ConfirmDialog.tsx';
import { FormMessage } from '../ui/FormMessage.tsx';
import { ListSkeleton } from '../ui/ListSkeleton.tsx';

/** A category's label (a message of src/paraglide). */
export type Label = (inputs: Record<string, never>, options: { locale: Locale }) => string;

export interface OwnRecordsLayout<T> {
  /** Prefix of the element ids (headings, file field). */
  idPrefix: string;
  texts: { formTitle: string; submit: string; listTitle: string; empty: string; sent: string };
  categories: readonly string[];
  defaultCategory: string;
  categoryLabel(category: string): string;
  /** The one field between category and content (an inquiry's title, a report's target). */
  field: { name: string; label: string; maxLength: number; initial?: string };
  /** The content's limit, the API's (domain/limits.ts). */
  contentMaxLength: number;
  idOf(record: T): number;
  /** The record's name in its delete button's accessible name. */
  nameOf(record: T): string;
  summary(record: T): ReactNode;
  body(record: T): ReactNode;
}

interface PartProps<T> {
  locale: Locale;
  records: OwnRecords<T>;
  layout: OwnRecordsLayout<T>;
}

/** The multipart form: category, the layout's one field, content and files; reset after a send. */
function RecordForm<T>({ locale, records, layout }: PartProps<T>) {
  const o = { locale };
  const { formFailure, sent, busy } = useStore(records.$state);
  const { idPrefix, texts, field } = layout;
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const formEl = e.currentTarget;
    if (await records.send(new FormData(formEl))) formEl.reset();
  };
  const formError = formFailure ? failureText(formFailure, locale) : '';
  const done = sent ? texts.sent : '';
  return (
    <section className="my-card" aria-labelledby={`${idPrefix}-form-title`}>
      <h2 id={`${idPrefix}-form-title`}>{texts.formTitle}</h2>
      <form className="my-form" onSubmit={submit} encType="multipart/form-data">
        <label>
          {m.cs_category_label({}, o)}
          <select name="category" defaultValue={layout.defaultCategory}>
            {layout.categories.map((c) => (
              <option key={c} value={c}>
                {layout.categoryLabel(c)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {field.label}
          <input
            key={field.initial}
            type="text"
            name={field.name}
            maxLength={field.maxLength}
            defaultValue={field.initial}
            required
          />
        </label>
        <label>
          {m.cs_content_label({}, o)}
          <textarea name="content" maxLength={layout.contentMaxLength} required />
        </label>
        <FileField locale={locale} id={`${idPrefix}-files`} />
        <FormMessage className="my-error">{formError}</FormMessage>
        {done && (
          <p className="my-ok" role="status">
            {done}
          </p>
        )}
        <div className="my-actions">
          <button type="submit" className="flx-button flx-button--primary" disabled={busy}>
            {texts.submit}
          </button>
        </div>
      </form>
    </section>
  );
}

/** The paged list of the member's records, each folded open and deleted after a confirmation. */
function RecordList<T>({ locale, records, layout }: PartProps<T>) {
  const o = { locale };
  const { offset, page, failure } = useStore(records.$state);
  const { idPrefix, texts } = layout;
  const confirm = useConfirm(locale);
  const remove = (id: number) => {
    void confirm.ask(m.cs_delete_confirm({}, o), { confirmLabel: m.cs_delete({}, o), danger: true }).then((yes) => {
      if (yes) void records.remove(id);
    });
  };
  const error = failure ? failureText(failure, locale) : '';
  const show = (next: number) => void records.show(next);
  return (
    <section className="my-card" aria-labelledby={`${idPrefix}-list-title`}>
      <h2 id={`${idPrefix}-list-title`}>{texts.listTitle}</h2>
      <FormMessage className="my-error">{error}</FormMessage>
      {page && page.list.length === 0 && <p className="my-empty">{texts.empty}</p>}
      {!page && !failure && <ListSkeleton locale={locale} rows={3} />}
      <ul className="my-list">
        {page?.list.map((record) => (
          <li key={layout.idOf(record)}>
            <details className="my-list__main">
              <summary>{layout.summary(record)}</summary>
              {layout.body(record)}
            </details>
            <button
              type="button"
              className="flx-button flx-button--small"
              aria-label={m.cs_delete_named({ title: layout.nameOf(record) }, o)}
              onClick={() => remove(layout.idOf(record))}
            >
              {m.cs_delete({}, o)}
            </button>
          </li>
        ))}
      </ul>
      {page && <Pager offset={offset} limit={CS_PAGE_LIMIT} total={page.total} onChange={show} locale={locale} />}
      {confirm.dialog}
    </section>
  );
}

/**
 * The page of a member's own customer-service records (inquiries, reports): the multipart form
 * with category, one field, content and files, then the paged list with delete. What differs
 * between the two kinds is the layout object; the behaviour is the records store (stores/cs.ts):
 * the form is reset after a send and keeps what was typed on an error.
 */
export function OwnRecordsPanel<T>({ locale, records, layout }: PartProps<T>) {
  useEffect(() => void records.open(), [records]);
  return (
    <div className="my-page">
      <RecordForm locale={locale} records={records} layout={layout} />
      <RecordList locale={locale} records={records} layout={layout} />
    </div>
  );
}
