import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import { formatDate } from '../my/errors.ts';
import { Pager } from '../my/Pager.tsx';
import { CS_PAGE_LIMIT, deleteInquiry, INQUIRY_CATEGORIES, listInquiries, postInquiry, type Inquiry } from './api.ts';
import { FileField } from './FileField.tsx';
import { useOwnRecords } from './use-own-records.ts';

const categoryLabel = (c: string, locale: Locale) => {
  const o = { locale };
  switch (c) {
    case 'account': return m.cs_inquiry_cat_account({}, o);
    case 'luv': return m.cs_inquiry_cat_luv({}, o);
    case 'broadcast': return m.cs_inquiry_cat_broadcast({}, o);
    case 'error': return m.cs_inquiry_cat_error({}, o);
    default: return m.cs_cat_etc({}, o);
  }
};

/** 1:1 inquiries: the member's own list (with answers and attachments) and the form with attachments. */
export function InquiryPanel({ locale }: { locale: Locale }) {
  const o = { locale };
  const { offset, setOffset, page, error, formError, done, busy, submit, remove } = useOwnRecords<Inquiry>(
    { list: listInquiries, post: postInquiry, remove: deleteInquiry, sentText: m.cs_inquiry_sent({}, o) },
    locale,
  );
  return (
    <div className="my-page">
      <section className="my-card" aria-labelledby="inquiry-form-title">
        <h2 id="inquiry-form-title">{m.cs_inquiry_form_title({}, o)}</h2>
        <form className="my-form" onSubmit={submit} encType="multipart/form-data">
          <label>
            {m.cs_category_label({}, o)}
            <select name="category" defaultValue="etc">
              {INQUIRY_CATEGORIES.map((c) => <option key={c} value={c}>{categoryLabel(c, locale)}</option>)}
            </select>
          </label>
          <label>
            {m.cs_title_label({}, o)}
            <input type="text" name="title" maxLength={100} required />
          </label>
          <label>
            {m.cs_content_label({}, o)}
            <textarea name="content" maxLength={4000} required />
          </label>
          <FileField locale={locale} id="inquiry-files" />
          {formError && <p className="my-error" role="alert">{formError}</p>}
          {done && <p className="my-ok" role="status">{done}</p>}
          <div className="my-actions">
            <button type="submit" className="flx-button flx-button--primary" disabled={busy}>{m.cs_inquiry_submit({}, o)}</button>
          </div>
        </form>
      </section>
      <section className="my-card" aria-labelledby="inquiry-list-title">
        <h2 id="inquiry-list-title">{m.cs_inquiry_list_title({}, o)}</h2>
        {error && <p className="my-error" role="alert">{error}</p>}
        {page && page.list.length === 0 && <p className="my-empty">{m.cs_inquiry_empty({}, o)}</p>}
        <ul className="my-list">
          {page?.list.map((q) => (
            <li key={q.inquiryId}>
              <details className="my-list__main">
                <summary>
                  [{categoryLabel(q.category, locale)}] {q.title}{' '}
                  <span className="my-muted">{q.status === 'answered' ? m.cs_inquiry_answered({}, o) : m.cs_inquiry_waiting({}, o)} · {formatDate(q.createdAt, locale)}</span>
                </summary>
                <p className="my-pre">{q.content}</p>
                {q.attachments.map((a) => <p key={a.id}><a href={a.url}>{m.cs_attachment_link({ name: a.name }, o)}</a></p>)}
                {q.answer && <p className="my-pre"><strong>{m.cs_inquiry_answer({}, o)}</strong> {q.answer}</p>}
              </details>
              <button type="button" className="flx-button flx-button--small" aria-label={m.cs_delete_named({ title: q.title }, o)} onClick={() => void remove(q.inquiryId)}>
                {m.cs_delete({}, o)}
              </button>
            </li>
          ))}
        </ul>
        {page && <Pager offset={offset} limit={CS_PAGE_LIMIT} total={page.total} onChange={setOffset} locale={locale} />}
      </section>
    </div>
  );
}
