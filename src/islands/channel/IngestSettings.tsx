import { useStore } from '@nanostores/react';
import type { StoreValue } from 'nanostores';
import { useId } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { failureText } from '../../lib/error-text.ts';
import { m } from '../../paraglide/messages.js';
import { $broadcastPanel, copyToClipboard, issueKey, revealKey, type BroadcastState } from '../../stores/broadcast.ts';
import { useConfirm } from '../ui/ConfirmDialog.tsx';
import { FormMessage } from '../ui/FormMessage.tsx';

type Copied = StoreValue<typeof $broadcastPanel>['copied'];

function copiedText(copied: Copied, locale: Locale): string {
  const o = { locale };
  if (copied === 'server') return m.channel_ingest_copied_server({}, o);
  if (copied === 'key') return m.channel_ingest_copied_key({}, o);
  if (copied === 'failed') return m.channel_ingest_copy_failed({}, o);
  return '';
}

const copy = (what: 'server' | 'key', text: string) => void copyToClipboard(what, text);

/** The stream key: in the clear (hidden until revealed) right after it was issued here, masked after. */
function KeyRow({ id, ingest, locale }: { id: string; ingest: BroadcastState['ingest']; locale: Locale }) {
  const o = { locale };
  const p = useStore($broadcastPanel);
  const shown = p.issuedKey;
  return (
    <div className="ingest-row">
      <label htmlFor={`${id}-key`}>{m.channel_ingest_key_label({}, o)}</label>
      {shown ? (
        <>
          <input
            id={`${id}-key`}
            type={p.keyRevealed ? 'text' : 'password'}
            className="ingest-value"
            value={shown.streamKey}
            readOnly
            spellCheck={false}
            autoComplete="off"
            aria-describedby={`${id}-key-note`}
            onFocus={(e) => e.currentTarget.select()}
          />
          <button type="button" aria-controls={`${id}-key`} onClick={() => revealKey(!p.keyRevealed)}>
            {p.keyRevealed ? m.channel_ingest_hide_key({}, o) : m.channel_ingest_show_key({}, o)}
          </button>
          <button type="button" onClick={() => copy('key', shown.streamKey)}>
            {m.channel_ingest_copy_key({}, o)}
          </button>
        </>
      ) : (
        <output id={`${id}-key`} className="ingest-value ingest-masked" aria-describedby={`${id}-key-note`}>
          {ingest.key?.masked ?? m.channel_ingest_key_none({}, o)}
        </output>
      )}
    </div>
  );
}

/** How to set up OBS, folded away. */
function HowTo({ locale }: { locale: Locale }) {
  const o = { locale };
  return (
    <details className="ingest-howto">
      <summary>{m.channel_ingest_howto_heading({}, o)}</summary>
      <ol>
        <li>{m.channel_ingest_howto_1({}, o)}</li>
        <li>{m.channel_ingest_howto_2({}, o)}</li>
        <li>{m.channel_ingest_howto_3({}, o)}</li>
        <li>{m.channel_ingest_howto_4({}, o)}</li>
      </ol>
      <p>{m.channel_ingest_howto_apps({}, o)}</p>
    </details>
  );
}

/**
 * "송출 설정": where the BJ's encoder sends video. The server URL and the stream key with copy
 * buttons; the key only right after it was issued here (masked after, as the API keeps it), and
 * even then hidden until the BJ reveals it (their screen is often on the air); regenerated after a
 * confirmation; who took the current key (a caster app); and how to set
 * up OBS.
 */
export function IngestSettings({ locale, state }: { locale: Locale; state: BroadcastState }) {
  const o = { locale };
  const p = useStore($broadcastPanel);
  const id = useId();
  const { ingest } = state;
  const shown = p.issuedKey;
  const serverUrl = shown?.url ?? ingest.serverUrl ?? '';

  const confirm = useConfirm(locale);
  function regenerate() {
    void confirm
      .ask(m.channel_ingest_regenerate_confirm({}, o), { confirmLabel: m.channel_ingest_regenerate({}, o) })
      .then((yes) => yes && issueKey());
  }

  return (
    <section className="ingest-settings" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>{m.channel_ingest_heading({}, o)}</h3>
      <div className="ingest-row">
        <label htmlFor={`${id}-server`}>{m.channel_ingest_server_label({}, o)}</label>
        <input
          id={`${id}-server`}
          className="ingest-value"
          value={serverUrl}
          readOnly
          spellCheck={false}
          onFocus={(e) => e.currentTarget.select()}
        />
        <button type="button" onClick={() => copy('server', serverUrl)} disabled={!serverUrl}>
          {m.channel_ingest_copy_server({}, o)}
        </button>
      </div>
      <KeyRow id={id} ingest={ingest} locale={locale} />
      <p id={`${id}-key-note`} className="broadcast-note">
        {shown ? m.channel_ingest_key_once({}, o) : ingest.key ? m.channel_ingest_key_masked({}, o) : ''}
      </p>
      {!shown && ingest.key?.issuedVia === 'caster_app' && (
        <p className="broadcast-note">
          {m.channel_ingest_key_by_app({ date: new Date(ingest.key.issuedAt).toLocaleString(locale) }, o)}
        </p>
      )}
      <div className="broadcast-actions">
        <button type="button" onClick={ingest.key ? regenerate : () => void issueKey()} disabled={p.keyBusy}>
          {ingest.key ? m.channel_ingest_regenerate({}, o) : m.channel_ingest_issue({}, o)}
        </button>
      </div>
      <p role="status" className="broadcast-notice">
        {copiedText(p.copied, locale)}
      </p>
      {p.keyFailure && (
        <FormMessage className="broadcast-error">
          {failureText(p.keyFailure, locale, m.channel_ingest_key_failed({}, o))}
        </FormMessage>
      )}
      <HowTo locale={locale} />
      {confirm.dialog}
    </section>
  );
}
