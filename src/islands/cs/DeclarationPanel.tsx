import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import { formatDate } from '../my/errors.ts';
import { Pager } from '../my/Pager.tsx';
import { CS_PAGE_LIMIT, DECLARATION_CATEGORIES, deleteDeclaration, listDeclarations, postDeclaration, type Declaration } from './api.ts';
import { FileField } from './FileField.tsx';
import { useOwnRecords } from './use-own-records.ts';

const categoryLabel = (c: string, locale: Locale) => {
  const o = { locale };
  switch (c) {
    case 'abuse': return m.cs_report_cat_abuse({}, o);
    case 'spam': return m.cs_report_cat_spam({}, o);
    case 'adult': return m.cs_report_cat_adult({}, o);
    case 'fraud': return m.cs_report_cat_fraud({}, o);
    case 'copyright': return m.cs_report_cat_copyright({}, o);
    default: return m.cs_cat_etc({}, o);
  }
};

/** Reports (declarations): the member's own list and the form with evidence images. */
export function DeclarationPanel({ locale }: { locale: Locale }) {
  const o = { locale };
  const { offset, setOffset, page, error, formError, done, busy, submit, remove } = useOwnRecords<Declaration>(
    { list: listDeclarations, post: postDeclaration, remove: deleteDeclaration, sentText: m.cs_report_sent({}, o) },
    locale,
  );
  return (
    <div className="my-page">
      <section className="my-card" aria-labelledby="report-form-title">
        <h2 id="report-form-title">{m.cs_report_form_title({}, o)}</h2>
        <form className="my-form" onSubmit={submit} encType="multipart/form-data">
          <label>
            {m.cs_category_label({}, o)}
            <select name="category" defaultValue="abuse">
              {DECLARATION_CATEGORIES.map((c) => <option key={c} value={c}>{categoryLabel(c, locale)}</option>)}
            </select>
          </label>
          <label>
            {m.cs_report_target_label({}, o)}
            <input type="text" name="targetLoginId" maxLength={15} required />
          </label>
          <label>
            {m.cs_content_label({}, o)}
            <textarea name="content" maxLength={4000} required />
          </label>
          <FileField locale={locale} id="report-files" />
          {formError && <p className="my-error" role="alert">{formError}</p>}
          {done && <p className="my-ok" role="status">{done}</p>}
          <div className="my-actions">
            <button type="submit" className="flx-button flx-button--primary" disabled={busy}>{m.cs_report_submit({}, o)}</button>
          </div>
        </form>
      </section>
      <section className="my-card" aria-labelledby="report-list-title">
        <h2 id="report-list-title">{m.cs_report_list_title({}, o)}</h2>
        {error && <p className="my-error" role="alert">{error}</p>}
        {page && page.list.length === 0 && <p className="my-empty">{m.cs_report_empty({}, o)}</p>}
        <ul className="my-list">
          {page?.list.map((d) => (
            <li key={d.declarationId}>
              <details className="my-list__main">
                <summary>[{categoryLabel(d.category, locale)}] {d.targetLoginId} <span className="my-muted">{formatDate(d.createdAt, locale)}</span></summary>
                <p className="my-pre">{d.content}</p>
                {d.attachments.map((a) => <p key={a.id}><a href={a.url}>{m.cs_attachment_link({ name: a.name }, o)}</a></p>)}
              </details>
              <button type="button" className="flx-button flx-button--small" aria-label={m.cs_delete_named({ title: d.targetLoginId }, o)} onClick={() => void remove(d.declarationId)}>
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
