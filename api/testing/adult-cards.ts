/** What the home-list suites expect of an adult channel's cards for a viewer without PI. */
import { ADULT_DEMO_TITLES } from '../db/seed-streams.ts';

/** Texts of the seeded adult channel that must never reach a viewer without PI. */
export const ADULT_TEXTS = [ADULT_DEMO_TITLES.channel, ADULT_DEMO_TITLES.live];

/** A locked card: the adult channel is named (BJ, badge) but shows nothing of its broadcast. */
export const LOCKED = { locked: true, title: null, thumbnail: null, format: null } as const;
