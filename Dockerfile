# syntax=docker/dockerfile:1
# Production image: builds once, then `npm start` applies migrations, seeds an empty database
# and serves on port 3000.
FROM node:20-bookworm-slim
ENV NEXT_TELEMETRY_DISABLED=1 NODE_ENV=production
WORKDIR /app
# pg_dump and pg_restore of the compose file's PostgreSQL (17): Debian 12's own are 15, and pg_dump
# refuses a newer server (npm run backup; README "Backups").
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates curl gnupg \
 && curl -fsSL https://www.postgresql.org/media/keys/ACCC4CF8.asc | gpg --dearmor -o /usr/share/keyrings/pgdg.gpg \
 && echo "deb [signed-by=/usr/share/keyrings/pgdg.gpg] http://apt.postgresql.org/pub/repos/apt bookworm-pgdg main" > /etc/apt/sources.list.d/pgdg.list \
 && apt-get update && apt-get install -y --no-install-recommends postgresql-client-17 \
 && rm -rf /var/lib/apt/lists/*
ENV BACKUP_PG_BIN=/usr/lib/postgresql/17/bin
COPY package.json package-lock.json ./
COPY prisma ./prisma
COPY prisma.config.ts ./
# patch-package (postinstall) mends pglite-socket: see patches/ and docs/operations.md.
COPY patches ./patches
RUN npm install --no-audit --no-fund --include=dev
COPY . .
# Next reads both at build time; every replica must get the same values (and the same key again
# at run time: compose passes it). The key comes in as a BuildKit secret, so it is in no layer or
# image metadata; the deployment id is not secret.
ARG NEXT_DEPLOYMENT_ID
ENV NEXT_DEPLOYMENT_ID=$NEXT_DEPLOYMENT_ID
RUN --mount=type=secret,id=actions_key,required=true \
    NEXT_SERVER_ACTIONS_ENCRYPTION_KEY="$(cat /run/secrets/actions_key)" npm run build
EXPOSE 3000
CMD ["npm", "start"]
