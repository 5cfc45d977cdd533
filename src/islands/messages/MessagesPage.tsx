import { useCallback, useEffect, useState } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import { errorText, formatDate } from '../my/errors.ts';
import { Pager } from '../my/Pager.tsx';
import { useMember } from '../my/use-member.ts';
import '../my/my.css';
import { deleteAllMessages, deleteMessages, listMessages, MESSAGE_PAGE_LIMIT, readMessage, type Division, type Message, type Page } from './api.ts';
import { BlacklistPanel } from './BlacklistPanel.tsx';
import { ComposeForm } from './ComposeForm.tsx';
import { MessageView } from './MessageView.tsx';
import { refreshUnread, setUnread } from './unread.ts';

type Tab = Division | 'compose' | 'blacklist';

/** The messages page: inbox, sent, compose and black list (SPEC §7 Messages). */
export default function MessagesPage({ locale }: { locale: Locale }) {
  const o = { locale };
  const session = useMember();
  const [tab, setTab] = useState<Tab>('receive');
  const [offset, setOffset] = useState(0);
  const [page, setPage] = useState<Page<Message> | null>(null);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [open, setOpen] = useState<Message | null>(null);
  const [replyTo, setReplyTo] = useState('');
  const [error, setError] = useState('');
  const division: Division | null = tab === 'receive' || tab === 'send' ? tab : null;

  const load = useCallback(async () => {
    if (!division) return;
    try {
      const res = await listMessages(division, offset);
      setPage(res);
      setUnread(res.unread);
      setSelected(new Set());
    } catch (err) {
      setError(errorText(err, locale));
    }
  }, [division, offset, locale]);

  useEffect(() => {
    if (session.status === 'member') void load();
  }, [session.status, load]);

  if (session.status !== 'member') return <p className="my-muted">{m.my_members_only_hint({}, o)}</p>;

  const tabs: [Tab, string][] = [
    ['receive', m.msg_tab_inbox({}, o)],
    ['send', m.msg_tab_sent({}, o)],
    ['compose', m.msg_tab_compose({}, o)],
    ['blacklist', m.msg_tab_blacklist({}, o)],
  ];
  const choose = (t: Tab) => {
    setTab(t);
    setOffset(0);
    setOpen(null);
    setError('');
    setPage(null);
  };
  const openMessage = async (msg: Message) => {
    try {
      setOpen(await readMessage(msg.msgId));
      void refreshUnread();
      void load();
    } catch (err) {
      setError(errorText(err, locale));
    }
  };
  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const run = async (fn: () => Promise<unknown>) => {
    setError('');
    try {
      await fn();
      await load();
    } catch (err) {
      setError(errorText(err, locale));
    }
  };

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
            onClick={() => choose(t)}
          >
            {label}
          </button>
        ))}
      </div>
      <div id="msg-panel" role="tabpanel" aria-labelledby={`msg-tab-${tab}`}>
        {tab === 'compose' && <ComposeForm key={replyTo} locale={locale} initialTo={replyTo} onSent={() => void refreshUnread()} />}
        {tab === 'blacklist' && <BlacklistPanel locale={locale} />}
        {division && open && (
          <MessageView
            message={open}
            locale={locale}
            onClose={() => setOpen(null)}
            onChanged={() => void load()}
            onReply={(loginId) => {
              setReplyTo(loginId);
              setTab('compose');
              setOpen(null);
            }}
          />
        )}
        {error && (
          <p className="my-error" role="alert">
            {error}
          </p>
        )}
        {division && page && (
          <section aria-label={tabs.find(([t]) => t === tab)?.[1]}>
            <div className="my-actions">
              <button
                type="button"
                className="flx-button flx-button--small"
                disabled={selected.size === 0}
                onClick={() => void run(() => deleteMessages([...selected]))}
              >
                {m.msg_list_delete_selected({ count: selected.size }, o)}
              </button>
              <button
                type="button"
                className="flx-button flx-button--small"
                disabled={page.total === 0}
                onClick={() => {
                  if (window.confirm(m.msg_list_delete_all_confirm({}, o))) void run(() => deleteAllMessages(division));
                }}
              >
                {m.msg_list_delete_all({}, o)}
              </button>
            </div>
            {page.list.length === 0 && <p className="my-empty">{m.msg_list_empty({}, o)}</p>}
            <ul className="my-list">
              {page.list.map((msg) => {
                const who = division === 'receive' ? `${msg.nickname} (${msg.loginId})` : `${msg.targetNickname} (${msg.targetId})`;
                return (
                  <li key={msg.msgId}>
                    <input type="checkbox" checked={selected.has(msg.msgId)} onChange={() => toggle(msg.msgId)} aria-label={m.msg_list_select({ who }, o)} />
                    <div className="my-list__main">
                      <button type="button" className="flx-button flx-button--small" onClick={() => void openMessage(msg)}>
                        {!msg.read && division === 'receive' && <span className="my-badge">{m.msg_list_new({}, o)}</span>} {who}
                      </button>
                      <p className="my-pre">{msg.content.length > 80 ? `${msg.content.slice(0, 80)}…` : msg.content}</p>
                    </div>
                    <span className="my-muted">{formatDate(msg.createdAt, locale)}</span>
                  </li>
                );
              })}
            </ul>
            <Pager offset={offset} limit={MESSAGE_PAGE_LIMIT} total={page.total} onChange={setOffset} locale={locale} />
          </section>
        )}
      </div>
    </div>
  );
}
