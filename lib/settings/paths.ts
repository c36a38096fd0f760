// Where the site settings' files are served (isomorphic constants, no imports).

/** The URL folder of the settings' images; its `imges` ending matches next.config.ts's rewrite. */
export const SITE_URL_FOLDER = 'siteimges';

/** Where the portfolio is served (app/portfolio.pdf/route.ts): the uploaded one, else the demo's. */
export const PORTFOLIO_PATH = '/portfolio.pdf';

/** The demo brand's portfolio, served at PORTFOLIO_PATH while none is uploaded. */
export const DEMO_PORTFOLIO_FILE = 'public/brand/portfolio.pdf';

export const siteImageUrl = (name: string) => `/${SITE_URL_FOLDER}/${name}`;

/** The browser icons made from the logo (app/icons/[name]/route.ts): name -> square size in px. */
export const ICON_SIZES = { 'icon.png': 192, 'apple-icon.png': 180 } as const;
export type IconName = keyof typeof ICON_SIZES;

/**
 * The portfolio PDF's size limit: one PDF plus the form fits under a server action's body limit
 * (lib/http/upload-limits) with MAX_UPLOAD_BYTES at 10 MiB or more (the default is 25 MiB).
 */
export const MAX_PORTFOLIO_BYTES = 10 * 1024 * 1024;

/** The demo brand's pictures (public/brand), shown while no file is saved for the setting. */
export const DEFAULT_IMAGES = {
  logo: '/brand/logo.png',
  socialImage: '/brand/og.jpg',
  aboutImage: '/brand/about.jpg',
  showreelPoster: '/brand/showreel.jpg',
} as const;

/**
 * The demo brand's showreel (Home, issue 37) while no company name and no showreel are saved: a
 * stand-in, the Blender Foundation's open film "Big Buck Bunny" (CC BY 3.0) as YouTube serves it.
 * Once a company name is set, Home shows a showreel only when one is saved.
 */
export const DEMO_SHOWREEL_URL = 'https://www.youtube.com/watch?v=aqz-KE-bpKQ';
