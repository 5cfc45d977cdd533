/**
 * The header's "more" menu (language, theme; the links on a phone): a popover opened by its button
 * without script (SiteHeader.astro). This adds the keys of a WAI-ARIA menu button: Enter, Space or
 * ArrowDown on the button open it on the first item (ArrowUp on the last), ArrowUp/ArrowDown/Home/End
 * move between items, Escape closes it back onto the button, Tab closes it. The button's
 * aria-expanded follows the popover.
 */
const ITEM = '[role^="menuitem"]';

export function wireHeaderMenu(menu: HTMLElement | null): void {
  if (!menu || !('showPopover' in menu)) return;
  const button = document.querySelector<HTMLButtonElement>(`[popovertarget="${menu.id}"]`);
  if (!button) return;
  const items = () => Array.from(menu.querySelectorAll<HTMLElement>(ITEM)).filter((i) => i.offsetParent !== null);
  const focusAt = (index: number) => {
    const list = items();
    if (list.length === 0) return;
    list[(index + list.length) % list.length]?.focus();
  };
  const checkedOrFirst = () => {
    const list = items();
    const checked = list.findIndex((i) => i.getAttribute('aria-checked') === 'true');
    return checked < 0 ? 0 : checked;
  };

  menu.addEventListener('toggle', (event) => {
    const open = (event as ToggleEvent).newState === 'open';
    button.setAttribute('aria-expanded', open ? 'true' : 'false');
    if (open && (document.activeElement === button || !menu.contains(document.activeElement)))
      focusAt(checkedOrFirst());
  });
  button.addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    // Opened a moment ago by Enter (its toggle event not yet run): move on from the checked item.
    if (menu.matches(':popover-open')) return focusAt(checkedOrFirst() + (event.key === 'ArrowUp' ? -1 : 1));
    menu.showPopover();
    focusAt(event.key === 'ArrowUp' ? -1 : 0);
  });
  menu.addEventListener('keydown', (event) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    switch (event.key) {
      case 'ArrowDown':
        focusAt(at + 1);
        break;
      case 'ArrowUp':
        focusAt(at - 1);
        break;
      case 'Home':
        focusAt(0);
        break;
      case 'End':
        focusAt(-1);
        break;
      case 'Escape':
        menu.hidePopover();
        button.focus();
        break;
      case 'Tab':
        menu.hidePopover();
        return;
      default:
        return;
    }
    event.preventDefault();
  });
  // Opened (by Enter) before these keys had loaded: as if opened now.
  if (menu.matches(':popover-open')) {
    button.setAttribute('aria-expanded', 'true');
    if (!menu.contains(document.activeElement)) focusAt(checkedOrFirst());
  }
  // A theme chosen stays on the page: the menu closes back onto its button (a language reloads it).
  menu.addEventListener('click', (event) => {
    if ((event.target as Element).closest('[data-theme-choice]')) {
      menu.hidePopover();
      button.focus();
    }
  });
}
