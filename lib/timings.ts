// Every duration the spec fixes, in one place (product-spec §9).
export const TIMINGS = {
  homeSpinnerMs: 1000,
  languageSpinnerMs: 1000,
  searchSpinnerMs: 2000,
  servicesSpinnerMinMs: 1000,
  sliderIntervalMs: 5000,
  clientCarouselMs: 2000,
  successToastMs: 2000,
  errorToastMs: 3000,
  shortErrorToastMs: 2000,
  /** Toasts the spec gives no duration (sonner's would be 4 s). */
  defaultToastMs: 5000,
  redirectDelayMs: 2000,
} as const;
