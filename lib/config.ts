// One place that reads the environment. Every variable is listed in .env.example.
import { mapEmbedUrl, mapSiteUrl } from './http/map-embed';
import { maxUploadBytes } from './http/upload-limits';

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
  /**
   * Object storage for uploads (lib/uploads/s3-store.ts): with S3_BUCKET set, images go to that
   * bucket on any S3-compatible store instead of UPLOADS_DIR, so every instance serves the same
   * files. Credentials come from the AWS SDK's default chain (AWS_ACCESS_KEY_ID and
   * AWS_SECRET_ACCESS_KEY, a profile, an instance role...), never from here.
   */
  s3: {
    get bucket() {
      return process.env.S3_BUCKET || '';
    },
    /** MinIO, R2 and the like; empty means AWS itself. */
    get endpoint() {
      return process.env.S3_ENDPOINT || undefined;
    },
    get region() {
      return process.env.S3_REGION || 'us-east-1';
    },
    /** `bucket` in the path (http://host/bucket/key), as MinIO and most self-hosted stores need. */
    get forcePathStyle() {
      return ['1', 'true'].includes((process.env.S3_FORCE_PATH_STYLE ?? '').toLowerCase());
    },
    /** Keys start with this (`site-a/slides/x.jpg`), so several sites can share one bucket. */
    get prefix() {
      const prefix = (process.env.S3_PREFIX ?? '').replace(/^\/+|\/+$/g, '');
      return prefix ? `${prefix}/` : '';
    },
  },
  /** One uploaded file at most; every body limit is derived from it (lib/http/upload-limits). */
  get maxUploadBytes() {
    return maxUploadBytes();
  },
  /**
   * One image's pixels at most (one frame of an animated one): 100 MP takes a 48 MP phone photo
   * with room to spare, and bounds what a decode costs (stored at 2560 px, lib/uploads/image.ts).
   */
  get maxUploadPixels() {
    return int('MAX_UPLOAD_PIXELS', 100_000_000);
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
  // CORS_ORIGINS is read by lib/http/cors, which the HTTP server shares (plain JavaScript).
  /**
   * How many proxies of ours stand in front of the server, each appending the address it saw to
   * X-Forwarded-For. 0: the socket's address is the client's, and forwarded headers are ignored.
   */
  get trustProxyHops() {
    return Math.max(0, Math.floor(int('TRUST_PROXY_HOPS', 0)));
  },
  loginRate: {
    /** Attempts per window from clients that never signed in to the account (all of them together). */
    get perAccount() {
      return int('LOGIN_MAX_PER_ACCOUNT', 5);
    },
    /** Attempts per window from one browser (device cookie) or address that signed in to the account before. */
    get perTrustedClient() {
      return int('LOGIN_MAX_PER_TRUSTED_CLIENT', 5);
    },
    /** How long a successful sign-in makes its browser or address a trusted client of that account. */
    get trustedDays() {
      return int('LOGIN_TRUSTED_DAYS', 90);
    },
    get perIp() {
      return int('LOGIN_MAX_PER_IP', 30);
    },
    get windowSeconds() {
      return int('LOGIN_WINDOW_SECONDS', 15 * 60);
    },
  },
  /** Quote requests stored per client address per window (issue 19); refused ones do not count. */
  quoteRate: {
    get perAddress() {
      return int('QUOTE_MAX_PER_ADDRESS', 5);
    },
    get windowSeconds() {
      return int('QUOTE_WINDOW_SECONDS', 60 * 60);
    },
  },
  get siteUrl() {
    return (process.env.SITE_URL || `http://localhost:${process.env.PORT || 3000}`).replace(/\/$/, '');
  },
  get portfolioUrl() {
    return process.env.PORTFOLIO_URL || '/portfolio.pdf';
  },
  get mapEmbedUrl() {
    return mapEmbedUrl();
  },
  /** The same place on the map site itself, for visitors whose browser blocks or cannot load the frame. */
  get mapLinkUrl() {
    return process.env.MAP_LINK_URL || mapSiteUrl(this.mapEmbedUrl);
  },
  /**
   * Outgoing mail (lib/mail): an SMTP connection URL (`smtp://user:pass@host:587`, `smtps://…:465`)
   * and the From address. Both empty = no mail at all (nothing is queued); the back office says so.
   */
  mail: {
    get smtpUrl() {
      return process.env.SMTP_URL?.trim() || '';
    },
    get from() {
      return process.env.MAIL_FROM?.trim() || '';
    },
    get configured() {
      return Boolean(this.smtpUrl && this.from);
    },
    /**
     * The Admins hear of sign-ups in one mail per window of this many seconds at most, sent when
     * the window ends (lib/mail/notify.ts); 15 minutes unless set (tests shorten it).
     */
    get registrationDigestSeconds() {
      return Math.max(1, Math.floor(int('REGISTRATION_DIGEST_SECONDS', 15 * 60)));
    },
    /** Where inquiries go when the back office names no recipients (comma-separated addresses). */
    get inquiryEmail() {
      return process.env.INQUIRY_EMAIL?.trim() || '';
    },
  },
  /**
   * Backups (lib/backups, README "Backups"): one archive of the database and the uploads, made by
   * `npm run backup` and, by itself, on BACKUP_CRON (Asia/Dubai), each verified by a real restore.
   */
  backup: {
    get dir() {
      return process.env.BACKUP_DIR || 'backups';
    },
    /** A cron expression in UAE time (five or six fields), or `off`; 03:00 every night by default. */
    get cron() {
      return (process.env.BACKUP_CRON ?? '').trim() || '0 3 * * *';
    },
    keep: {
      get daily() {
        return Math.max(0, Math.floor(int('BACKUP_KEEP_DAILY', 7)));
      },
      get weekly() {
        return Math.max(0, Math.floor(int('BACKUP_KEEP_WEEKLY', 4)));
      },
      get monthly() {
        return Math.max(0, Math.floor(int('BACKUP_KEEP_MONTHLY', 6)));
      },
    },
    /** An age identity (`AGE-SECRET-KEY-1…`): archives are encrypted to it, and read with it. Empty: not encrypted. */
    get ageKey() {
      return process.env.BACKUP_AGE_KEY?.trim() || '';
    },
    /** A folder holding pg_dump and pg_restore (e.g. /usr/lib/postgresql/17/bin); empty: the newest found. */
    get pgBin() {
      return process.env.BACKUP_PG_BIN?.trim() || '';
    },
    /** A copy of every archive in a bucket of any S3-compatible store; empty: kept in BACKUP_DIR only. */
    s3: {
      get bucket() {
        return process.env.BACKUP_S3_BUCKET?.trim() || '';
      },
      get endpoint() {
        return process.env.BACKUP_S3_ENDPOINT?.trim() || undefined;
      },
      get region() {
        return process.env.BACKUP_S3_REGION?.trim() || 'us-east-1';
      },
      get forcePathStyle() {
        return ['1', 'true'].includes((process.env.BACKUP_S3_FORCE_PATH_STYLE ?? '').toLowerCase());
      },
      get prefix() {
        const prefix = (process.env.BACKUP_S3_PREFIX ?? '').replace(/^\/+|\/+$/g, '');
        return prefix ? `${prefix}/` : '';
      },
    },
  },
  get isProduction() {
    return process.env.NODE_ENV === 'production';
  },
};
