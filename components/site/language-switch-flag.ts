/** The sessionStorage flag that asks the next page for the spec's 1-second language spinner. */
export const LANGUAGE_SWITCH_FLAG = 'language-switched';
