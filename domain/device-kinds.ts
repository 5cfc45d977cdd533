/** The device enumerations of SPEC §3 (re-exported by enums.ts, where the others are). */

export const DeviceKind = { PC: 'PC', MOBILE_WEB: 'MOBILE_WEB', APP: 'APP', UNKNOWN: 'UNKNOWN' } as const;
export type DeviceKind = (typeof DeviceKind)[keyof typeof DeviceKind];

/** App types of the `app` query parameter (SPEC §1): the plain web, or a page embedded in a native app. */
export const AppType = { main: 'main', embedded: 'embedded' } as const;
export type AppType = (typeof AppType)[keyof typeof AppType];

export const RequestDevice = { MOBILEWEB: 'MOBILEWEB', PCWEB: 'PCWEB' } as const;
export type RequestDevice = (typeof RequestDevice)[keyof typeof RequestDevice];
