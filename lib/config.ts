// One place that reads the environment. Every variable is listed in .env.example.
function int(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  return Number.isFinite(value) ? value : fallback;
}

export const config = {
  get databaseUrl() {
    return process.env.DATABASE_URL;
  },
  /** PGlite serves one connection at a time, so the embedded start sets this to 1. */
  get dbPoolMax() {
    return int('DB_POOL_MAX', 10);
  },
  get uploadsDir() {
    return process.env.UPLOADS_DIR || 'uploads';
  },
  get maxUploadBytes() {
    return int('MAX_UPLOAD_BYTES', 10 * 1024 * 1024);
  },
  get maxUploadPixels() {
    return int('MAX_UPLOAD_PIXELS', 40_000_000);
  },
  /**
   * Stored files no row refers to are removed only once older than this, so an upload in flight
   * (stored, its row not yet written) is never touched; hence the floor of a minute.
   */
  get orphanGraceSeconds() {
    return Math.max(60, int('ORPHAN_GRACE_SECONDS', 3600));
  },
  /** Minutes between orphan sweeps (one also runs at start); 0 turns the sweeper off. */
  get orphanSweepMinutes() {
    return Math.max(0, int('ORPHAN_SWEEP_MINUTES', 60));
  },
  /** Minutes; 0 means API tokens never expire (Sanctum's default). */
  get tokenExpiryMinutes() {
    return int('TOKEN_EXPIRY_MINUTES', 0);
  },
  get corsOrigins(): string[] {
    return (process.env.CORS_ORIGINS || '*')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  },
  loginRate: {
    get perAccount() {
      return int('LOGIN_MAX_PER_ACCOUNT', 5);
    },
    get perIp() {
      return int('LOGIN_MAX_PER_IP', 30);
    },
    get windowSeconds() {
      return int('LOGIN_WINDOW_SECONDS', 15 * 60);
    },
  },
  get siteUrl() {
    return (process.env.SITE_URL || `http://localhost:${process.env.PORT || 3000}`).replace(/\/$/, '');
  },
  get portfolioUrl() {
    return process.env.PORTFOLIO_URL || '/portfolio.pdf';
  },
  get mapEmbedUrl() {
    return (
      process.env.MAP_EMBED_URL ||
      'https://www.google.com/maps?q=Al%20Quoz%20Industrial%20Area%2C%20Dubai&output=embed'
    );
  },
  /** The same place on the map site itself, for visitors whose browser blocks or cannot load the frame. */
  get mapLinkUrl() {
    if (process.env.MAP_LINK_URL) return process.env.MAP_LINK_URL;
    const url = new URL(this.mapEmbedUrl);
    url.searchParams.delete('output'); // `output=embed` is what makes the URL frame-only
    return url.toString();
  },
  get isProduction() {
    return process.env.NODE_ENV === 'production';
  },
};
