import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { ITEM_COUNT_MAX } from '../../../domain/limits.ts';
import type { Locale } from '../../../domain/locales.ts';
import { failureText } from '../../lib/error-text.ts';
import { won } from '../../lib/format.ts';
import { m } from '../../paraglide/messages.js';
import { $itemNames, $items, $shopItems, buyItem, closeItemShop, itemCount, itemName } from '../../stores/items.ts';
import { $luvBalance } from '../../stores/luv.ts';
import { Dialog } from '../modals/Dialog.tsx';
import { FormMessage } from '../ui/FormMessage.tsx';
import { Stepper } from '../ui/Stepper.tsx';

/**
 * The item shop dialog: the items on sale with their price in luv, a count, the total, and the balance after buying.
 */
export function ItemShop({ locale, currency }: { locale: Locale; currency: string }) {
  const o = { locale };
  const s = useStore($items);
  const onSale = useStore($shopItems);
  const names = useStore($itemNames);
  const balance = useStore($luvBalance);
  const [code, setCode] = useState<number | null>(null);
  const [count, setCount] = useState('1');
  const chosen = onSale.find((i) => i.itemCode === code) ?? onSale[0];
  const { n, valid } = itemCount(count);

  return (
    <Dialog labelledBy="items-shop-title" onCancel={closeItemShop} className="items-shop">
      <h2 id="items-shop-title">{m.items_shop_title({}, o)}</h2>
      <p className="items-muted">
        {m.luv_balance({ currency }, o)}{' '}
        <strong data-testid="items-shop-balance">{balance === null ? '…' : won(balance, locale)}</strong>
      </p>
      {s.catalogue === null && s.loadFailure ? (
        <FormMessage>{failureText(s.loadFailure, locale)}</FormMessage>
      ) : s.catalogue === null ? (
        <p aria-busy="true">{m.items_loading({}, o)}</p>
      ) : !chosen ? (
        <p>{m.items_shop_empty({}, o)}</p>
      ) : (
        <form
          className="items-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (valid) void buyItem(chosen.itemCode, n);
          }}
        >
          <fieldset className="items-choices flx-segmented">
            <legend>{m.items_shop_legend({}, o)}</legend>
            {onSale.map((i) => (
              <label key={i.itemCode} className="items-choice">
                <input
                  type="radio"
                  name="item"
                  value={i.itemCode}
                  checked={chosen.itemCode === i.itemCode}
                  onChange={() => setCode(i.itemCode)}
                />
                <span>
                  {m.items_shop_option(
                    { name: itemName(names, i.itemCode), price: won(i.priceLuv, locale), currency },
                    o,
                  )}
                  {i.premium ? ` · ${m.luv_item_premium({}, o)}` : ''}
                </span>
              </label>
            ))}
          </fieldset>
          <Stepper
            locale={locale}
            label={m.items_count({}, o)}
            min={1}
            max={ITEM_COUNT_MAX}
            value={count}
            onChange={setCount}
            inputProps={{ 'aria-invalid': count !== '' && !valid }}
          />
          <p aria-live="polite">
            {valid
              ? m.items_shop_total({ total: won(chosen.priceLuv * n, locale), currency }, o)
              : m.items_count_range({ max: ITEM_COUNT_MAX }, o)}
          </p>
          <button
            type="submit"
            className="flx-button flx-button--primary"
            disabled={s.busy || !valid}
            aria-busy={s.busy}
          >
            {m.items_shop_buy({}, o)}
          </button>
        </form>
      )}
      {s.done?.action === 'bought' && (
        <p role="status" className="items-ok">
          {m.items_bought({ name: itemName(names, s.done.itemCode), count: s.done.count }, o)}
        </p>
      )}
      {s.failure && <FormMessage className="items-error">{failureText(s.failure, locale)}</FormMessage>}
      <button type="button" className="flx-button" onClick={closeItemShop}>
        {m.items_close({}, o)}
      </button>
    </Dialog>
  );
}
