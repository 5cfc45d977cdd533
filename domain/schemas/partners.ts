/** Partner attribution (SPEC §7 `POST /api/partners`, guest `pincrux`): short opaque tokens only. */
import * as v from 'valibot';

const token = v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9_.-]{1,64}$/));

export const partnerBody = v.object({ partnerCode: token });
export const pincruxQuery = v.object({ appkey: token, pinkey: token });
