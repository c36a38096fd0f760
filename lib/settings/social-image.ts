/** The social preview's size: what link previews show, what og:image declares, what an upload is cut to. */
export const SOCIAL_IMAGE = { width: 1200, height: 630 } as const;
