import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';

/** The attachment input shared by inquiries, reports and board posts; the server checks the content. */
export function FileField({ locale, id }: { locale: Locale; id: string }) {
  const o = { locale };
  return (
    <label htmlFor={id}>
      {m.cs_file_label({}, o)}
      <input
        id={id}
        type="file"
        name="files"
        multiple
        accept="image/png,image/jpeg,image/gif,image/webp"
        aria-describedby={`${id}-hint`}
      />
      <span id={`${id}-hint`} className="my-muted">
        {m.cs_file_hint({}, o)}
      </span>
    </label>
  );
}
