/**
 * The native device fields a sign-in inside the app adds (SPEC §3: "native device fields are added
 * inside the app"). The native app hands them to the page in its first address
 * (`?app=embedded&deviceId=…&os=android&appVersion=3.2.1`, docs/BRANDS.md); the page keeps them for
 * the visit and sends them with `deviceKind: 'APP'` and its `appType`. No valibot here: the shell
 * script of every page reads these.
 */
export const NATIVE_DEVICE_QUERY_KEYS = ['deviceId', 'os', 'appVersion'] as const;
export type NativeDeviceQueryKey = (typeof NATIVE_DEVICE_QUERY_KEYS)[number];

export const NATIVE_OS = ['android', 'ios'] as const;

/** What each field may hold. */
export const NATIVE_DEVICE_PATTERNS: Record<NativeDeviceQueryKey | 'appType', RegExp> = {
  appType: /^[A-Za-z0-9_-]{1,32}$/,
  deviceId: /^[A-Za-z0-9._:-]{8,128}$/,
  os: /^(?:android|ios)$/,
  appVersion: /^\d{1,4}(?:\.\d{1,4}){0,3}$/,
};

export interface NativeDevice {
  deviceKind?: 'APP';
  appType?: string;
  deviceId?: string;
  os?: (typeof NATIVE_OS)[number];
  appVersion?: string;
}
