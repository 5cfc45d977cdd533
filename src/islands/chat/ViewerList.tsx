/**
 * Who is in the room (loaded on first open, in a dialog): the BJ, the managers, the signed-in viewers
 * by nickname, and a count of the viewers who are not signed in.
 */
import { useEffect, useId, useState } from 'react';
import type { ChatViewer, ChatViewerList } from '../../../domain/chat-events.ts';
import type { Locale } from '../../../domain/locales.ts';
import { brandWords } from '../../lib/page-brand.ts';
import { m } from '../../paraglide/messages.js';
import { loadViewers } from '../../stores/chat.ts';
import { Dialog } from '../modals/Dialog.tsx';
import { FormMessage } from '../ui/FormMessage.tsx';
import { sendErrorText } from './chat-texts.ts';
import './chat-popups.css';

interface Props {
  locale: Locale;
  onClose: () => void;
}

function Section({
  title,
  people,
  more,
  locale,
}: {
  title: string;
  people: ChatViewer[];
  more: number;
  locale: Locale;
}) {
  const o = { locale };
  const id = useId();
  return (
    <section className="chat-viewers-section" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {people.length === 0 ? (
        <p>{m.chat_viewers_none({}, o)}</p>
      ) : (
        <ul>
          {people.map((p) => (
            <li key={p.loginId}>{p.nickname}</li>
          ))}
        </ul>
      )}
      {more > 0 && <p>{m.chat_viewers_more({ count: more }, o)}</p>}
    </section>
  );
}

export default function ViewerList({ locale, onClose }: Props) {
  const o = { locale };
  const heading = useId();
  const [list, setList] = useState<ChatViewerList | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    void loadViewers().then((r) => {
      if (r.ok) setList(r);
      else setError(sendErrorText(r.code, locale) || m.chat_viewers_error({}, o));
    });
  }, []);
  return (
    <Dialog labelledBy={heading} onCancel={onClose} onOverlayClick={onClose} className="chat-viewers-dialog">
      <h2 id={heading}>{m.chat_viewers_button({}, o)}</h2>
      <FormMessage className="chat-error">{error}</FormMessage>
      {!list && !error && <p aria-busy="true">{m.chat_viewers_loading({}, o)}</p>}
      {list && (
        <>
          <Section
            title={m.chat_role_bj({ caster: brandWords(locale).caster }, o)}
            people={list.bj ? [list.bj] : []}
            more={0}
            locale={locale}
          />
          <Section title={m.chat_role_manager({}, o)} people={list.managers} more={0} locale={locale} />
          <Section
            title={m.chat_viewers_members({}, o)}
            people={list.members}
            more={list.membersTotal - list.members.length}
            locale={locale}
          />
          <p className="chat-viewers-guests">{m.chat_viewers_guests({ count: list.guests }, o)}</p>
        </>
      )}
      <button type="button" onClick={onClose}>
        {m.chat_moderate_close({}, o)}
      </button>
    </Dialog>
  );
}
