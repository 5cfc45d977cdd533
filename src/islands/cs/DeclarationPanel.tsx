import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import { formatDate } from '../../lib/format.ts';
import { DECLARATION_CATEGORIES, declarations, type Declaration } from '../../stores/cs.ts';
import { OwnRecordsPanel } from './OwnRecordsPanel.tsx';

const categoryLabel = (c: string, locale: Locale) => {
  const o = { locale };
  switch (c) {
    case 'abuse':
      return m.cs_report_cat_abuse({}, o);
    case 'spam':
      return m.cs_report_cat_spam({}, o);
    case 'adult':
      return m.cs_report_cat_adult({}, o);
    case 'fraud':
      return m.cs_report_cat_fraud({}, o);
    case 'copyright':
      return m.cs_report_cat_copyright({}, o);
    default:
      return m.cs_cat_etc({}, o);
  }
};

/** Reports (declarations): the member's own list and the form with evidence images. */
export function DeclarationPanel({ locale }: { locale: Locale }) {
  const o = { locale };
  return (
    <OwnRecordsPanel<Declaration>
      locale={locale}
      records={declarations}
      layout={{
        idPrefix: 'report',
        texts: {
          formTitle: m.cs_report_form_title({}, o),
          submit: m.cs_report_submit({}, o),
          listTitle: m.cs_report_list_title({}, o),
          empty: m.cs_report_empty({}, o),
          sent: m.cs_report_sent({}, o),
        },
        categories: DECLARATION_CATEGORIES,
        defaultCategory: 'abuse',
        categoryLabel: (c) => categoryLabel(c, locale),
        field: { name: 'targetLoginId', label: m.cs_report_target_label({}, o), maxLength: 15 },
        idOf: (d) => d.declarationId,
        nameOf: (d) => d.targetLoginId,
        summary: (d) => (
          <>
            [{categoryLabel(d.category, locale)}] {d.targetLoginId} <span className="my-muted">{formatDate(d.createdAt, locale)}</span>
          </>
        ),
        body: (d) => (
          <>
            <p className="my-pre">{d.content}</p>
            {d.attachments.map((a) => (
              <p key={a.id}>
                <a href={a.url}>{m.cs_attachment_link({ name: a.name }, o)}</a>
              </p>
            ))}
          </>
        ),
      }}
    />
  );
}
