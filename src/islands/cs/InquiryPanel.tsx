import { INQUIRY_CONTENT_LENGTH_MAX, INQUIRY_TITLE_LENGTH_MAX } from '../../../domain/limits.ts';
import type { Locale } from '../../../domain/locales.ts';
import { INQUIRY_CATEGORIES } from '../../../domain/categories.ts';
import { m } from '../../paraglide/messages.js';
import { formatDate } from '../../lib/format.ts';
import { brandWords } from '../../lib/page-brand.ts';
import { inquiries, type Inquiry } from '../../stores/cs.ts';
import { OwnRecordsPanel, type Label } from './OwnRecordsPanel.tsx';

const LABELS: Record<(typeof INQUIRY_CATEGORIES)[number], Label> = {
  account: m.cs_inquiry_cat_account,
  luv: (_, o) => m.cs_inquiry_cat_luv({ currency: brandWords(o.locale).currency }, o),
  broadcast: m.cs_inquiry_cat_broadcast,
  error: m.cs_inquiry_cat_error,
  etc: m.cs_cat_etc,
};
const categoryLabel = (c: string, locale: Locale) => (LABELS[c as keyof typeof LABELS] ?? LABELS.etc)({}, { locale });

/** 1:1 inquiries: the member's own list (with answers and attachments) and the form with attachments. */
export function InquiryPanel({ locale }: { locale: Locale }) {
  const o = { locale };
  return (
    <OwnRecordsPanel<Inquiry>
      locale={locale}
      records={inquiries}
      layout={{
        idPrefix: 'inquiry',
        texts: {
          formTitle: m.cs_inquiry_form_title({}, o),
          submit: m.cs_inquiry_submit({}, o),
          listTitle: m.cs_inquiry_list_title({}, o),
          empty: m.cs_inquiry_empty({}, o),
          sent: m.cs_inquiry_sent({}, o),
        },
        categories: INQUIRY_CATEGORIES,
        defaultCategory: 'etc',
        categoryLabel: (c) => categoryLabel(c, locale),
        field: { name: 'title', label: m.cs_title_label({}, o), maxLength: INQUIRY_TITLE_LENGTH_MAX },
        contentMaxLength: INQUIRY_CONTENT_LENGTH_MAX,
        idOf: (q) => q.inquiryId,
        nameOf: (q) => q.title,
        summary: (q) => (
          <>
            [{categoryLabel(q.category, locale)}] {q.title}{' '}
            <span className="my-muted">
              {q.status === 'answered' ? m.cs_inquiry_answered({}, o) : m.cs_inquiry_waiting({}, o)} ·{' '}
              {formatDate(q.createdAt, locale)}
            </span>
          </>
        ),
        body: (q) => (
          <>
            <p className="my-pre">{q.content}</p>
            {q.attachments.map((a) => (
              <p key={a.id}>
                <a href={a.url}>{m.cs_attachment_link({ name: a.name }, o)}</a>
              </p>
            ))}
            {q.answer && (
              <p className="my-pre">
                <strong>{m.cs_inquiry_answer({}, o)}</strong> {q.answer}
              </p>
            )}
          </>
        ),
      }}
    />
  );
}
