# syntax=docker/dockerfile:1
# The golf trip sync server, compiled (`npm run build`) and run with production dependencies only.
#
#   docker build -t golf-trip-sync-server .
#   docker run -d -p 3000:3000 -v golf-data:/data --stop-timeout 20 golf-trip-sync-server
#
# Embedded PouchDB under /data by default; set COUCHDB_URL for CouchDB (couchdb/docker-compose.yml does).
# `docker stop` sends SIGTERM: the server finishes requests in flight within SHUTDOWN_GRACE_MS (10 s by default),
# so give the container more than that before Docker kills it (--stop-timeout, compose stop_grace_period).

ARG NODE_IMAGE=node:20-bookworm-slim

# Build: every dependency (TypeScript, esbuild, tsx), then the compiled server in dist/ and the browser apps in dist/web.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY server ./server
COPY shared ./shared
COPY sync ./sync
COPY couchdb ./couchdb
COPY web ./web
RUN npm run build

# Production dependencies only, installed from the lockfile.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE}
# tini as PID 1: passes SIGTERM on to the server and reaps any orphaned process.
RUN apt-get update \
  && apt-get install -y --no-install-recommends tini \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# package.json says "type": "module", which the compiled server needs.
COPY package.json package-lock.json ./
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# The image's own user (uid 1000 in the node images), owning the data volume.
RUN mkdir -p /data && chown node:node /data
USER node
# The heap the server may grow to, as `npm start` sets it (package.json `config.heapMb`); its copies of trips default
# to an eighth of it (server/config.ts). A deployment with more memory raises both with NODE_OPTIONS.
ENV NODE_OPTIONS=--max-old-space-size=448
VOLUME ["/data"]
EXPOSE 3000
# No curl in a slim image: node asks /health (200 when the store answers, 503 when it does not).
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "--enable-source-maps", "dist/server/main.js"]
