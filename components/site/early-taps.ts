/**
 * Where the head script (EarlyControlsScript) keeps the buttons tapped before React ran, and the
 * flag EarlyTapReplay raises once React handles taps itself. Properties of window, because the
 * head script runs long before any module.
 */
export const EARLY_TAPS = '__sevenstarsEarlyTaps';
export const EARLY_TAPS_LIVE = '__sevenstarsEarlyTapsLive';
