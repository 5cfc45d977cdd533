import { AppType, DeviceKind, RequestDevice } from '../../domain/enums.ts';
import { NATIVE_DEVICE_PATTERNS, NATIVE_DEVICE_QUERY_KEYS, type NativeDevice, type NativeDeviceQueryKey } from '../../domain/native-device.ts';

/** Session-storage key that keeps `?app=` across navigation inside the app webview. */
export const APP_STORAGE_KEY = 'flx_app';
/** `app` value of the plain web; anything else means a native app embeds the page (SPEC §1). */
export const APP_MAIN = AppType.main;
/** Session-storage key that keeps the native device fields of the app's first address. */
export const NATIVE_DEVICE_STORAGE_KEY = 'flx_native_device';

const MOBILE_UA = /Mobi|Android|iPhone|iPad|iPod|Windows Phone|Opera Mini|IEMobile/i;

/**
 * Device kind of SPEC §3 from the user agent and the `app` query value.
 * An app other than `main` is the native webview whatever the user agent says.
 */
export function deviceKind(userAgent: string | null | undefined, app: string | null | undefined): DeviceKind {
  if (app && app !== APP_MAIN) return DeviceKind.APP;
  if (!userAgent) return DeviceKind.UNKNOWN;
  return MOBILE_UA.test(userAgent) ? DeviceKind.MOBILE_WEB : DeviceKind.PC;
}

/** The `device` field every request sends: the app webview counts as mobile web. */
export function requestDeviceFor(kind: DeviceKind): RequestDevice {
  return kind === DeviceKind.MOBILE_WEB || kind === DeviceKind.APP ? RequestDevice.MOBILEWEB : RequestDevice.PCWEB;
}

/** Reads `app` from the query, else from session storage, and keeps it for the next pages. */
export function currentApp(search: string, storage: Pick<Storage, 'getItem' | 'setItem'> | null): string {
  const fromQuery = new URLSearchParams(search).get('app');
  if (fromQuery && NATIVE_DEVICE_PATTERNS.appType.test(fromQuery)) {
    storage?.setItem(APP_STORAGE_KEY, fromQuery);
    return fromQuery;
  }
  return storage?.getItem(APP_STORAGE_KEY) ?? APP_MAIN;
}

/**
 * The native device fields the app put in its first address (`deviceId`, `os`, `appVersion`),
 * kept for the next pages like `app`; only the valid ones (domain/native-device.ts).
 */
export function currentNativeDevice(search: string, storage: Pick<Storage, 'getItem' | 'setItem'> | null): Partial<Record<NativeDeviceQueryKey, string>> {
  const query = new URLSearchParams(search);
  const given = Object.fromEntries(NATIVE_DEVICE_QUERY_KEYS.flatMap((k) => (query.has(k) ? [[k, query.get(k)!]] : [])));
  if (Object.keys(given).length > 0) storage?.setItem(NATIVE_DEVICE_STORAGE_KEY, JSON.stringify(given));
  let kept: unknown = given;
  if (Object.keys(given).length === 0) {
    try {
      kept = JSON.parse(storage?.getItem(NATIVE_DEVICE_STORAGE_KEY) ?? '{}');
    } catch {
      kept = {};
    }
  }
  const out: Partial<Record<NativeDeviceQueryKey, string>> = {};
  for (const key of NATIVE_DEVICE_QUERY_KEYS) {
    const value = (kept as Record<string, unknown>)?.[key];
    if (typeof value === 'string' && NATIVE_DEVICE_PATTERNS[key].test(value)) out[key] = value;
  }
  return out;
}

function safeSessionStorage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

let cached: { app: string; kind: DeviceKind; native: Partial<Record<NativeDeviceQueryKey, string>> } | null = null;

/** Derived once per page load in the browser (the shell script does it on every page); `UNKNOWN` outside a browser. */
export function device(): { app: string; kind: DeviceKind; native: Partial<Record<NativeDeviceQueryKey, string>> } {
  if (cached) return cached;
  if (typeof window === 'undefined') return { app: APP_MAIN, kind: DeviceKind.UNKNOWN, native: {} };
  const storage = safeSessionStorage();
  const app = currentApp(window.location.search, storage);
  const native = app === APP_MAIN ? {} : currentNativeDevice(window.location.search, storage);
  cached = { app, kind: deviceKind(navigator.userAgent, app), native };
  return cached;
}

export function isAppWebview(): boolean {
  return device().kind === DeviceKind.APP;
}

export function requestDevice(): RequestDevice {
  return requestDeviceFor(device().kind);
}

/** Whether a native app embeds the page in its embedded mode (`?app=embedded`): withdrawals pay to the fixed account. */
export function isEmbedded(): boolean {
  return device().app === AppType.embedded;
}

/** The fields a sign-in adds inside the app (SPEC §3 "native device fields"); none on the web. */
export function nativeSigninFields(): NativeDevice {
  if (!isAppWebview()) return {};
  const { app, native } = device();
  return { deviceKind: 'APP', appType: app, ...native } as NativeDevice;
}
