/**
 * The native device fields a sign-in inside the app adds (domain/native-device.ts): what the app
 * put in the address it opened with `?app=` (kept for the visit by device.ts currentApp), checked here.
 */
import {
  NATIVE_DEVICE_PATTERNS,
  NATIVE_DEVICE_QUERY_KEYS,
  type NativeDevice,
  type NativeDeviceQueryKey,
} from '../../domain/native-device.ts';
import { device, isAppWebview, NATIVE_DEVICE_STORAGE_KEY, safeSessionStorage } from './device.ts';

/** The valid native device fields of the app's address as kept (only those; nothing else of it is read). */
export function currentNativeDevice(
  storage: Pick<Storage, 'getItem'> | null,
): Partial<Record<NativeDeviceQueryKey, string>> {
  const query = new URLSearchParams(storage?.getItem(NATIVE_DEVICE_STORAGE_KEY) ?? '');
  const out: Partial<Record<NativeDeviceQueryKey, string>> = {};
  for (const key of NATIVE_DEVICE_QUERY_KEYS) {
    const value = query.get(key);
    if (value !== null && NATIVE_DEVICE_PATTERNS[key].test(value)) out[key] = value;
  }
  return out;
}

/** The fields a sign-in adds inside the app (SPEC §3 "native device fields"); none on the web. */
export function nativeSigninFields(): NativeDevice {
  if (!isAppWebview()) return {};
  return { deviceKind: 'APP', appType: device().app, ...currentNativeDevice(safeSessionStorage()) } as NativeDevice;
}
