import { useEffect, useState } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { CS_TABS, csPath, type CsTab as Tab } from '../../../domain/routes.ts';
import { m } from '../../paraglide/messages.js';
import { showMembersOnly } from '../../stores/modals.ts';
import { loadSession } from '../../stores/session.ts';
import { useSession } from '../../stores/use-session.ts';
import '../my/my.css';
import { DeclarationPanel } from './DeclarationPanel.tsx';
import { InquiryPanel } from './InquiryPanel.tsx';
import { TextList } from './TextList.tsx';

const MEMBERS_ONLY: Tab[] = ['inquiry', 'report'];
/** Developer notices are for operators (member type O): the API answers them to no one else. */
const OPERATORS_ONLY: Tab[] = ['develop'];

/** Customer service: notices and guides for everyone; inquiries and reports for members; developer notices for operators. */
export default function CsPage({ locale }: { locale: Locale }) {
  const o = { locale };
  const session = useSession();
  const [tab, setTab] = useState<Tab>('notice');
  const operator = session.status === 'member' && session.profile.memberType === 'O';
  const tabs = CS_TABS.filter((t) => operator || !OPERATORS_ONLY.includes(t));
  useEffect(() => {
    void loadSession();
    const wanted = new URLSearchParams(window.location.search).get('tab');
    if (wanted && (CS_TABS as readonly string[]).includes(wanted)) setTab(wanted as Tab);
  }, []);
  // A developer-notice address opened by anyone but an operator shows the service notices.
  useEffect(() => {
    if (OPERATORS_ONLY.includes(tab) && session.status !== 'unknown' && !operator) setTab('notice');
  }, [tab, session.status, operator]);
  const labels: Record<Tab, string> = {
    notice: m.cs_tab_notice({}, o),
    develop: m.cs_tab_develop({}, o),
    guide: m.cs_tab_guide({}, o),
    inquiry: m.cs_tab_inquiry({}, o),
    report: m.cs_tab_report({}, o),
  };
  const choose = (t: Tab) => {
    if (MEMBERS_ONLY.includes(t) && session.status !== 'member') {
      showMembersOnly(csPath(t));
      return;
    }
    setTab(t);
    history.replaceState(history.state, '', `?tab=${t}`);
  };
  const guarded = MEMBERS_ONLY.includes(tab) && session.status !== 'member';
  useEffect(() => {
    if (guarded && session.status === 'guest') showMembersOnly(csPath(tab));
  }, [guarded, session.status, tab]);
  return (
    <div>
      <div role="tablist" className="flx-tabs" aria-label={m.cs_tabs_label({}, o)}>
        {tabs.map((t) => (
          // A link until the island hydrates: a tap then loads /cs?tab=… instead of being lost.
          <a
            key={t}
            href={`?tab=${t}`}
            role="tab"
            id={`cs-tab-${t}`}
            aria-selected={tab === t}
            aria-controls="cs-panel"
            className="flx-tabs__tab"
            onClick={(e) => {
              e.preventDefault();
              choose(t);
            }}
          >
            {labels[t]}
          </a>
        ))}
      </div>
      <div id="cs-panel" role="tabpanel" aria-labelledby={`cs-tab-${tab}`}>
        {(tab === 'notice' || (tab === 'develop' && operator) || tab === 'guide') && (
          <TextList key={tab} kind={tab} locale={locale} />
        )}
        {guarded && <p className="my-muted">{m.my_members_only_hint({}, o)}</p>}
        {!guarded && tab === 'inquiry' && <InquiryPanel locale={locale} />}
        {!guarded && tab === 'report' && <DeclarationPanel locale={locale} />}
      </div>
    </div>
  );
}
