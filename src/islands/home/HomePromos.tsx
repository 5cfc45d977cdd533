import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';
import { $homePromos, closePopup, loadPromos, type Popup } from '../../stores/home.ts';

/** Banners (a row of cards) and popups (one modal dialog at a time) from the API. */
export function HomePromos({ locale }: { locale: Locale }) {
  const { banners, popups, loaded } = useStore($homePromos);
  const o = { locale };
  useEffect(() => {
    void loadPromos(window.matchMedia('(max-width: 768px)').matches ? 'MOBILEWEB' : 'PCWEB');
  }, []);
  return (
    <>
      {!loaded && <div className="home-banners-placeholder" aria-hidden="true" />}
      {banners.length > 0 && (
        <section aria-label={m.home_banners_label({}, o)} className="home-banners">
          <ul>
            {banners.map((b) => (
              <li key={b.bannerId} className="home-banner">
                <a href={b.link} style={{ background: `linear-gradient(135deg, ${b.colors[0]}, ${b.colors[1]})` }}>
                  <strong>{b.title[locale]}</strong>
                  <span>{b.body[locale]}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      {popups[0] && <PopupDialog key={popups[0].popupId} locale={locale} popup={popups[0]} />}
    </>
  );
}

function PopupDialog({ locale, popup }: { locale: Locale; popup: Popup }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const o = { locale };
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  return (
    <dialog
      ref={dialog}
      className="home-popup"
      aria-labelledby={`popup-${popup.popupId}`}
      onClose={() => closePopup(popup.popupId, false)}
    >
      <h2 id={`popup-${popup.popupId}`}>{popup.title[locale]}</h2>
      <p>{popup.body[locale]}</p>
      {popup.link && <a href={popup.link}>{popup.title[locale]}</a>}
      <div className="home-popup-actions">
        <button type="button" onClick={() => closePopup(popup.popupId, true)}>
          {m.home_popup_hide_today({}, o)}
        </button>
        <button type="button" onClick={() => closePopup(popup.popupId, false)}>
          {m.home_popup_close({}, o)}
        </button>
      </div>
    </dialog>
  );
}
