import { useEffect, useState } from 'react';

const KEY = 'player.theater';
/** Theater mode is offered where the video can grow beside the chat (channel.css, the live page's grid). */
const ROOM = '(min-width: 900px)';

/**
 * The live page's theater mode (극장 모드): on, remembered in localStorage, and whether the screen has
 * room for it (else neither the mode nor its button).
 */
export function useTheater(): { on: boolean; room: boolean; toggle: () => void } {
  const [on, setOn] = useState(false);
  const [room, setRoom] = useState(false);
  useEffect(() => {
    setOn(read() === '1');
    const wide = matchMedia(ROOM);
    const sync = () => setRoom(wide.matches);
    sync();
    wide.addEventListener('change', sync);
    return () => wide.removeEventListener('change', sync);
  }, []);
  const toggle = () =>
    setOn((was) => {
      try {
        localStorage.setItem(KEY, was ? '0' : '1');
      } catch {
        // Storage refused (a private window): the mode holds for this page only.
      }
      return !was;
    });
  return { on: on && room, room, toggle };
}

function read(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}
