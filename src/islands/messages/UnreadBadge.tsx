import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { PAGE } from '../../../domain/routes.ts';
import { m } from '../../paraglide/messages.js';
import { $unreadMessages, refreshUnread } from '../../stores/unread.ts';

/** A link to the messages page with the unread count, for the header. */
export default function UnreadBadge({ locale }: { locale: Locale }) {
  const count = useStore($unreadMessages);
  useEffect(() => {
    void refreshUnread();
  }, []);
  const o = { locale };
  return (
    <a className="flx-button flx-button--small" href={PAGE.myMessages} aria-label={m.msg_badge_label({ count }, o)}>
      {m.msg_badge_text({}, o)}
      {count > 0 && (
        <span className="my-badge" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </a>
  );
}
