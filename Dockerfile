# Production image: builds once, then `npm start` applies migrations, seeds an empty database
# and serves on port 3000.
FROM node:20-bookworm-slim
ENV NEXT_TELEMETRY_DISABLED=1 NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
COPY prisma ./prisma
COPY prisma.config.ts ./
RUN npm install --no-audit --no-fund --include=dev
COPY . .
# Baked into the build (Next reads both at build time); every replica must get the same values.
ARG NEXT_SERVER_ACTIONS_ENCRYPTION_KEY
ARG NEXT_DEPLOYMENT_ID
ENV NEXT_SERVER_ACTIONS_ENCRYPTION_KEY=$NEXT_SERVER_ACTIONS_ENCRYPTION_KEY NEXT_DEPLOYMENT_ID=$NEXT_DEPLOYMENT_ID
RUN npm run build
EXPOSE 3000
CMD ["npm", "start"]
