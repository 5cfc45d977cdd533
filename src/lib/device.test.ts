import { describe, expect, it } from 'vitest';
import { APP_STORAGE_KEY, currentApp, deviceKind, requestDeviceFor } from './device.ts';
import { currentNativeDevice } from './native-device.ts';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36';

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

describe('device kind (SPEC §3)', () => {
  it('derives PC, MOBILE_WEB, APP and UNKNOWN', () => {
    expect(deviceKind(DESKTOP, 'main')).toBe('PC');
    expect(deviceKind(IPHONE, 'main')).toBe('MOBILE_WEB');
    expect(deviceKind(ANDROID, null)).toBe('MOBILE_WEB');
    expect(deviceKind(DESKTOP, 'ios')).toBe('APP');
    expect(deviceKind('', null)).toBe('UNKNOWN');
  });
  it('every request sends MOBILEWEB or PCWEB', () => {
    expect(requestDeviceFor('PC')).toBe('PCWEB');
    expect(requestDeviceFor('UNKNOWN')).toBe('PCWEB');
    expect(requestDeviceFor('MOBILE_WEB')).toBe('MOBILEWEB');
    expect(requestDeviceFor('APP')).toBe('MOBILEWEB');
  });
});

describe('?app= across navigation', () => {
  it('is kept in session storage and read back on the next page', () => {
    const s = memoryStorage();
    expect(currentApp('?app=android', s)).toBe('android');
    expect(s.data.get(APP_STORAGE_KEY)).toBe('android');
    expect(currentApp('', s)).toBe('android');
  });
  it('defaults to main and ignores junk values', () => {
    const s = memoryStorage();
    expect(currentApp('', s)).toBe('main');
    expect(currentApp('?app=%3Cscript%3E', s)).toBe('main');
    expect(currentApp('?app=x', null)).toBe('x');
  });
});

describe('native device fields of the app’s first address', () => {
  it('are kept with `app` for the visit and read back on the next page, the valid ones only', () => {
    const s = memoryStorage();
    currentApp('?app=embedded&deviceId=a1b2c3d4-e5f6&os=android&appVersion=3.2.1', s);
    currentApp('', s);
    expect(currentNativeDevice(s)).toEqual({ deviceId: 'a1b2c3d4-e5f6', os: 'android', appVersion: '3.2.1' });
    const junk = memoryStorage();
    currentApp('?app=embedded&deviceId=%3Cx%3E&os=windows&appVersion=9', junk);
    expect(currentNativeDevice(junk)).toEqual({ appVersion: '9' });
  });
  it('are none on the web', () => {
    const s = memoryStorage();
    currentApp('?deviceId=a1b2c3d4-e5f6', s);
    expect(currentNativeDevice(s)).toEqual({});
    expect(currentNativeDevice(null)).toEqual({});
  });
});
