import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { PAGE } from '../../../domain/routes.ts';
import { won } from '../../lib/format.ts';
import { brandWords } from '../../lib/page-brand.ts';
import { m } from '../../paraglide/messages.js';
import { $luvBalance, loadBalance } from '../../stores/luv.ts';

/**
 * The member's luv in the header, a link to their luv history. Its box has a fixed width from the
 * first render (the amount arrives later), so nothing beside it moves when it does.
 */
export default function HeaderBalance({ locale }: { locale: Locale }) {
  const balance = useStore($luvBalance);
  useEffect(() => void loadBalance(), []);
  const currency = brandWords(locale).currency;
  const amount = balance === null ? '–' : won(balance, locale);
  return (
    <a
      className="flx-button flx-button--small flx-account__balance"
      href={PAGE.myLuv}
      aria-label={m.shell_header_balance_label({ currency, amount }, { locale })}
    >
      {m.shell_header_balance({ currency, amount }, { locale })}
    </a>
  );
}
