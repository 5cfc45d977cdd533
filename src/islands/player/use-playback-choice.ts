import { useSyncExternalStore } from 'react';
import { type PlaybackChoice, playbackChoice } from './playback-choice.ts';

/**
 * What the server rendered (no engine yet): useSyncExternalStore's server snapshot, so that hydrating
 * renders what the prebuilt page holds even when the early script's engine already reported its
 * qualities (a button more than the prebuilt HTML makes React render the island anew, and the new
 * video element would not be the one playing).
 */
const NO_CHOICE: PlaybackChoice = {
  qualities: [],
  selected: 'auto',
  playing: null,
  lowLatency: false,
  lowLatencyAvailable: false,
};
const noChoice = () => NO_CHOICE;

/** The viewer's choice and what plays, for a component (NO_CHOICE while hydrating). */
export function usePlaybackChoice(): PlaybackChoice {
  return useSyncExternalStore(playbackChoice.subscribe, playbackChoice.get, noChoice);
}
