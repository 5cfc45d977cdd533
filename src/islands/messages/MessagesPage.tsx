import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { PAGE_LIMIT_DEFAULT } from '../../../domain/limits.ts';
import type { Locale } from '../../../domain/locales.ts';
import { failureText } from '../../lib/error-text.ts';
import { formatDate } from '../../lib/format.ts';
import { m } from '../../paraglide/messages.js';
import {
  $messageBox,
  chooseMessageTab,
  deleteAllMessages,
  deleteMessages,
  divisionOf,
  loadMessages,
  openMessage,
  showMessagePage,
  type Division,
  type MessagePage,
  type MessageTab,
} from '../../stores/messages.ts';
import { Pager } from '../ui/Pager.tsx';
import { useMember } from '../ui/use-member.ts';
import { Trash2 } from 'lucide';
import { useConfirm } from '../ui/ConfirmDialog.tsx';
import { Icon } from '../ui/Icon.tsx';
import { FormMessage } from '../ui/FormMessage.tsx';
import { ListSkeleton } from '../ui/ListSkeleton.tsx';
import '../my/my.css';
import { BlacklistPanel } from './BlacklistPanel.tsx';
import { ComposeForm } from './ComposeForm.tsx';
import { MessageView } from './MessageView.tsx';

/** The rows picked for deletion; a new page of the list starts with nothing selected. */
function useSelection(page: MessagePage | null) {
  const [selected, setSelected] = useState<Set<number>>(new Set());
  useEffect(() => setSelected(new Set()), [page]);
  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return { selected, toggle };
}

interface ListProps {
  label: string | undefined;
  division: Division;
  page: MessagePage;
  offset: number;
  selection: ReturnType<typeof useSelection>;
  locale: Locale;
}

/** A page of the inbox or the sent box: delete selected or all, a row per message, the pager. */
function MessageList({ label, division, page, offset, selection: { selected, toggle }, locale }: ListProps) {
  const o = { locale };
  const confirm = useConfirm(locale);
  return (
    <section aria-label={label}>
      <div className="my-actions">
        <button
          type="button"
          className="flx-button flx-button--small"
          disabled={selected.size === 0}
          onClick={() => void deleteMessages([...selected])}
        >
          <Icon node={Trash2} />
          {m.msg_list_delete_selected({ count: selected.size }, o)}
        </button>
        <button
          type="button"
          className="flx-button flx-button--small"
          disabled={page.total === 0}
          onClick={() => {
            void confirm
              .ask(m.msg_list_delete_all_confirm({}, o), { confirmLabel: m.msg_list_delete_all({}, o), danger: true })
              .then((yes) => yes && deleteAllMessages());
          }}
        >
          {m.msg_list_delete_all({}, o)}
        </button>
        {confirm.dialog}
      </div>
      {page.list.length === 0 && <p className="my-empty">{m.msg_list_empty({}, o)}</p>}
      <ul className="my-list">
        {page.list.map((msg) => {
          const who =
            division === 'receive' ? `${msg.nickname} (${msg.loginId})` : `${msg.targetNickname} (${msg.targetId})`;
          return (
            <li key={msg.msgId}>
              <input
                type="checkbox"
                checked={selected.has(msg.msgId)}
                onChange={() => toggle(msg.msgId)}
                aria-label={m.msg_list_select({ who }, o)}
              />
              <div className="my-list__main">
                <button
                  type="button"
                  className="flx-button flx-button--small"
                  onClick={() => void openMessage(msg.msgId)}
                >
                  {!msg.read && division === 'receive' && <span className="my-badge">{m.msg_list_new({}, o)}</span>}{' '}
                  {who}
                </button>
                <p className="my-pre">{msg.content.length > 80 ? `${msg.content.slice(0, 80)}…` : msg.content}</p>
              </div>
              <span className="my-muted">{formatDate(msg.createdAt, locale)}</span>
            </li>
          );
        })}
      </ul>
      <Pager offset={offset} limit={PAGE_LIMIT_DEFAULT} total={page.total} onChange={showMessagePage} locale={locale} />
    </section>
  );
}

/** The messages page: inbox, sent, compose and black list (SPEC §7 Messages). */
export default function MessagesPage({ locale }: { locale: Locale }) {
  const o = { locale };
  const session = useMember();
  const { tab, offset, page, open, replyTo, failure } = useStore($messageBox);
  const selection = useSelection(page);
  const division = divisionOf(tab);

  useEffect(() => {
    if (session.status === 'member') void loadMessages();
  }, [session.status, tab, offset]);

  if (session.status !== 'member') return <p className="my-muted">{m.my_members_only_hint({}, o)}</p>;

  const tabs: [MessageTab, string][] = [
    ['receive', m.msg_tab_inbox({}, o)],
    ['send', m.msg_tab_sent({}, o)],
    ['compose', m.msg_tab_compose({}, o)],
    ['blacklist', m.msg_tab_blacklist({}, o)],
  ];
  const error = failure ? failureText(failure, locale) : '';
  const label = tabs.find(([t]) => t === tab)?.[1];

  return (
    <div className="my-page">
      <div role="tablist" className="flx-tabs" aria-label={m.msg_tabs_label({}, o)}>
        {tabs.map(([t, label]) => (
          <button
            key={t}
            type="button"
            role="tab"
            id={`msg-tab-${t}`}
            aria-selected={tab === t}
            aria-controls="msg-panel"
            className="flx-tabs__tab"
            onClick={() => chooseMessageTab(t)}
          >
            {label}
          </button>
        ))}
      </div>
      <div id="msg-panel" role="tabpanel" aria-labelledby={`msg-tab-${tab}`}>
        {tab === 'compose' && <ComposeForm key={replyTo} locale={locale} initialTo={replyTo} />}
        {tab === 'blacklist' && <BlacklistPanel locale={locale} />}
        {division && open && <MessageView message={open} locale={locale} />}
        <FormMessage className="my-error">{error}</FormMessage>
        {division && !page && !failure && <ListSkeleton locale={locale} rows={4} />}
        {division && page && (
          <MessageList
            label={label}
            division={division}
            page={page}
            offset={offset}
            selection={selection}
            locale={locale}
          />
        )}
      </div>
    </div>
  );
}
