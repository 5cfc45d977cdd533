/** Sign-in payload (SPEC §3). Only types and sizes are checked: a malformed ID simply does not exist. */
import * as v from 'valibot';
import { deviceSchema, flagSchema, strippedString } from './fields.ts';
import { FORM_TEXTS as T } from './texts.ts';
import { NATIVE_DEVICE_PATTERNS as P, NATIVE_OS } from '../native-device.ts';

/** The native device fields of a sign-in inside the app (domain/native-device.ts). */
export const nativeDeviceFields = {
  deviceKind: v.optional(v.literal('APP')),
  appType: v.optional(v.pipe(v.string(), v.regex(P.appType))),
  deviceId: v.optional(v.pipe(v.string(), v.regex(P.deviceId))),
  os: v.optional(v.picklist(NATIVE_OS)),
  appVersion: v.optional(v.pipe(v.string(), v.regex(P.appVersion))),
};

export const signinSchema = v.object({
  loginId: v.pipe(strippedString(T.loginIdEmpty, 256), v.nonEmpty(T.loginIdEmpty)),
  password: v.pipe(strippedString(T.passwordEmpty, 256), v.nonEmpty(T.passwordEmpty)),
  loginKeep: flagSchema,
  saveId: flagSchema,
  device: v.optional(v.union([deviceSchema, v.string()]), 'PCWEB'),
  ...nativeDeviceFields,
});
type SigninInput = v.InferOutput<typeof signinSchema>;
