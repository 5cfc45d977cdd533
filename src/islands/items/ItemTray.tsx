import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { GIFT_MESSAGE_LENGTH_MAX, ITEM_COUNT_MAX } from '../../../domain/limits.ts';
import type { Locale } from '../../../domain/locales.ts';
import { failureText } from '../../lib/error-text.ts';
import { m } from '../../paraglide/messages.js';
import { $channelPage } from '../../stores/channel.ts';
import {
  $itemNames,
  $items,
  itemCount,
  itemName,
  loadHeldItems,
  loadItemCatalogue,
  openItemShop,
  useItemIn,
} from '../../stores/items.ts';
import { showMembersOnly } from '../../stores/modals.ts';
import { useSession } from '../../stores/use-session.ts';
import { ItemShop } from './ItemShop.tsx';
import { FormMessage } from '../ui/FormMessage.tsx';
import { Stepper } from '../ui/Stepper.tsx';
import './items.css';

interface Props {
  locale: Locale;
  /** The brand's shop currency (luv) and item currency (lex) in the page's language. */
  currency: string;
  itemCurrency: string;
}

/**
 * The item tray of a live page: the items the member holds, used on this broadcast as a gift to
 * its BJ (the chat announces it to the room), and the item shop. Not shown to the channel's owner
 * (a gift to oneself is refused) nor on a locked adult channel.
 */
export default function ItemTray({ locale, currency, itemCurrency }: Props) {
  const o = { locale };
  const { state } = useStore($channelPage);
  const session = useSession();
  const s = useStore($items);
  const names = useStore($itemNames);
  const member = session.status === 'member';
  useEffect(() => void loadItemCatalogue(locale, itemCurrency), []);
  useEffect(() => {
    if (member) void loadHeldItems();
  }, [member]);

  if (state.status !== 'ready' || state.data.channel.isOwner || state.data.channel.locked) return null;
  const channelId = state.data.channel.channelId;

  return (
    <section className="items-tray" aria-labelledby="items-tray-title">
      <div className="items-tray__head">
        <h2 id="items-tray-title">{m.items_tray_title({}, o)}</h2>
        <button
          type="button"
          className="flx-button flx-button--small"
          onClick={() => (member ? openItemShop() : showMembersOnly())}
        >
          {m.items_shop_open({}, o)}
        </button>
      </div>
      {!member ? (
        <p className="items-muted">{m.items_tray_guest({}, o)}</p>
      ) : s.held === null && s.loadFailure ? (
        <FormMessage>
          {failureText(s.loadFailure, locale)}{' '}
          <button type="button" className="flx-button flx-button--small" onClick={() => void loadHeldItems()}>
            {m.items_retry({}, o)}
          </button>
        </FormMessage>
      ) : s.held === null ? (
        <p className="items-muted" aria-busy="true">
          {m.items_loading({}, o)}
        </p>
      ) : s.held.length === 0 ? (
        <p className="items-muted">{m.items_tray_empty({}, o)}</p>
      ) : (
        <UseForm locale={locale} channelId={channelId} />
      )}
      {!s.shopOpen && s.done?.action === 'used' && (
        <p role="status" className="items-ok">
          {m.items_used({ name: itemName(names, s.done.itemCode), count: s.done.count }, o)}
        </p>
      )}
      {!s.shopOpen && s.failure && <FormMessage className="items-error">{failureText(s.failure, locale)}</FormMessage>}
      {s.shopOpen && <ItemShop locale={locale} currency={currency} />}
    </section>
  );
}

/** Pick a held item, a count and an optional message, and use them on this broadcast. */
function UseForm({ locale, channelId }: { locale: Locale; channelId: number }) {
  const o = { locale };
  const s = useStore($items);
  const names = useStore($itemNames);
  const held = s.held ?? [];
  const [code, setCode] = useState<number | null>(null);
  const [count, setCount] = useState('1');
  const [message, setMessage] = useState('');
  const chosen = held.find((h) => h.itemCode === code) ?? held[0]!;
  const { n, valid } = itemCount(count);
  const enough = valid && n <= chosen.count;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!enough) return;
    // biome-ignore lint/correctness/useHookAtTopLevel: useItemIn is the store's action (use an item), not a React hook
    if (await useItemIn(channelId, chosen.itemCode, n, message)) {
      setCount('1');
      setMessage('');
    }
  }

  return (
    <form className="items-form" onSubmit={(e) => void submit(e)}>
      <label>
        {m.items_use_item({}, o)}
        <select value={chosen.itemCode} onChange={(e) => setCode(Number(e.target.value))}>
          {held.map((h) => (
            <option key={h.itemCode} value={h.itemCode}>
              {m.items_option_held({ name: itemName(names, h.itemCode), count: h.count }, o)}
            </option>
          ))}
        </select>
      </label>
      <Stepper
        locale={locale}
        label={m.items_count({}, o)}
        min={1}
        max={Math.min(chosen.count, ITEM_COUNT_MAX)}
        value={count}
        onChange={setCount}
        inputProps={{
          'aria-invalid': count !== '' && !enough,
          'aria-describedby': count !== '' && !enough ? 'items-use-count-hint' : undefined,
        }}
      />
      {count !== '' && !enough && (
        <p id="items-use-count-hint" className="items-error">
          {m.items_count_range({ max: Math.min(chosen.count, ITEM_COUNT_MAX) }, o)}
        </p>
      )}
      <label>
        {m.items_message({}, o)}
        <input
          type="text"
          value={message}
          maxLength={GIFT_MESSAGE_LENGTH_MAX}
          onChange={(e) => setMessage(e.target.value)}
        />
      </label>
      <button type="submit" className="flx-button flx-button--primary" disabled={s.busy || !enough} aria-busy={s.busy}>
        {m.items_use_submit({}, o)}
      </button>
    </form>
  );
}
