import { AppType, DeviceKind, RequestDevice } from '../../domain/device-kinds.ts';

/** Session-storage key that keeps `?app=` across navigation inside the app webview. */
export const APP_STORAGE_KEY = 'flx_app';
/** `app` value of the plain web; anything else means a native app embeds the page (SPEC §1). */
export const APP_MAIN = AppType.main;
/**
 * Session-storage key that keeps the app's first address (its query: `app` and the native device fields,
 * src/lib/native-device.ts).
 */
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
  if (fromQuery && /^[A-Za-z0-9_-]{1,32}$/.test(fromQuery)) {
    storage?.setItem(APP_STORAGE_KEY, fromQuery);
    storage?.setItem(NATIVE_DEVICE_STORAGE_KEY, search);
    return fromQuery;
  }
  return storage?.getItem(APP_STORAGE_KEY) ?? APP_MAIN;
}

export function safeSessionStorage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** Local storage, or null where there is none or it is blocked (private mode, an embedding's policy). */
export function safeLocalStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

let cached: { app: string; kind: DeviceKind } | null = null;

/**
 * Derived once per page load in the browser; `UNKNOWN` outside a browser. The app is the one the
 * page's first script settled on `<html>` (`currentApp`, run by src/lib/page-mode.ts in the
 * head of every page with scripts).
 */
export function device(): { app: string; kind: DeviceKind } {
  if (cached) return cached;
  if (typeof window === 'undefined') return { app: APP_MAIN, kind: DeviceKind.UNKNOWN };
  const app = (typeof document === 'undefined' ? undefined : document.documentElement?.dataset?.app) || APP_MAIN;
  cached = { app, kind: deviceKind(navigator.userAgent, app) };
  return cached;
}

export function isAppWebview(): boolean {
  return device().kind === DeviceKind.APP;
}

export function requestDevice(): RequestDevice {
  return requestDeviceFor(device().kind);
}

/**
 * Whether a native app embeds the page in its embedded mode (`?app=embedded`): withdrawals pay to the fixed account.
 */
export function isEmbedded(): boolean {
  return device().app === AppType.embedded;
}
