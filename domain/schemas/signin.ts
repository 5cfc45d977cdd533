/** Sign-in payload (SPEC §3). Only types and sizes are checked: a malformed ID simply does not exist. */
import * as v from 'valibot';
import { deviceSchema, flagSchema, strippedString } from './fields.ts';
import { FORM_TEXTS as T } from './texts.ts';

export const signinSchema = v.object({
  loginId: v.pipe(strippedString(T.loginIdEmpty, 256), v.nonEmpty(T.loginIdEmpty)),
  password: v.pipe(strippedString(T.passwordEmpty, 256), v.nonEmpty(T.passwordEmpty)),
  loginKeep: flagSchema,
  saveId: flagSchema,
  device: v.optional(v.union([deviceSchema, v.string()]), 'PCWEB'),
});
export type SigninInput = v.InferOutput<typeof signinSchema>;
