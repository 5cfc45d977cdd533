import { useEffect, useState } from 'react';
import { DECLARATION_CONTENT_LENGTH_MAX, LOGIN_ID_LENGTH_MAX } from '../../../domain/limits.ts';
import type { Locale } from '../../../domain/locales.ts';
import { DECLARATION_CATEGORIES } from '../../../domain/categories.ts';
import { m } from '../../paraglide/messages.js';
import { formatDate } from '../../lib/format.ts';
import { declarations, type Declaration } from '../../stores/cs.ts';
import { OwnRecordsPanel, type Label } from './OwnRecordsPanel.tsx';

const LABELS: Record<(typeof DECLARATION_CATEGORIES)[number], Label> = {
  abuse: m.cs_report_cat_abuse,
  spam: m.cs_report_cat_spam,
  adult: m.cs_report_cat_adult,
  fraud: m.cs_report_cat_fraud,
  copyright: m.cs_report_cat_copyright,
  etc: m.cs_cat_etc,
};
const categoryLabel = (c: string, locale: Locale) => (LABELS[c as keyof typeof LABELS] ?? LABELS.etc)({}, { locale });

/** Reports (declarations): the member's own list and the form with evidence images. */
export function DeclarationPanel({ locale }: { locale: Locale }) {
  const o = { locale };
  // `/cs?tab=report&target=…` (a name picked in chat): the report names that member.
  const [target, setTarget] = useState('');
  useEffect(
    () => setTarget((new URLSearchParams(window.location.search).get('target') ?? '').slice(0, LOGIN_ID_LENGTH_MAX)),
    [],
  );
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
        field: {
          name: 'targetLoginId',
          label: m.cs_report_target_label({}, o),
          maxLength: LOGIN_ID_LENGTH_MAX,
          initial: target,
        },
        contentMaxLength: DECLARATION_CONTENT_LENGTH_MAX,
        idOf: (d) => d.declarationId,
        nameOf: (d) => d.targetLoginId,
        summary: (d) => (
          <>
            [{categoryLabel(d.category, locale)}] {d.targetLoginId}{' '}
            <span className="my-muted">{formatDate(d.createdAt, locale)}</span>
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
