# Forecourt's production image: the same start command, settings and health check as the cluster that
# `npm run cluster` runs and tests/cluster/ tests (README, "Deploying"). Docker cannot build on the
# project's machines, so tests/deploy/docker-files.test.ts keeps this file in step with that cluster.

# deps: every dependency (the build needs the dev ones: TypeScript for next build's type check).
# `npm install`, not `npm ci`, as .ci/run: the lock file cannot list Next's SWC binaries for other systems.
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund

# prod-deps: the runtime's node_modules, without the dev dependencies.
FROM node:20-bookworm-slim AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --omit=dev --no-audit --no-fund && npm cache clean --force

# build: next build and the compile hints, and the sources' fingerprint (.next/forecourt-sources),
# which the start command compares so that it does not build again.
FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN npx tsx scripts/build.ts && rm -rf .next/cache

# runtime: the build and the files the server reads when it runs (the start script, the serving layer,
# server/ with its migrations, the demo tenants it seeds on first start). COPY keeps the files' times,
# so the fingerprint still matches.
FROM node:20-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    PORT=3000 \
    DATA_DIR=/var/lib/forecourt \
    TRUSTED_PROXIES=1
RUN mkdir -p /var/lib/forecourt && chown node:node /var/lib/forecourt
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/package.json /app/package-lock.json /app/tsconfig.json /app/next.config.ts /app/proxy.ts /app/instrumentation.ts ./
COPY --from=build /app/app ./app
COPY --from=build /app/admin ./admin
COPY --from=build /app/blocks ./blocks
COPY --from=build /app/domain ./domain
COPY --from=build /app/renderer ./renderer
COPY --from=build /app/schemas ./schemas
COPY --from=build /app/server ./server
COPY --from=build /app/serving ./serving
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/public ./public
COPY --from=build /app/tenants ./tenants
# Next writes its image cache under .next/cache: the server's user owns the build folder.
COPY --from=build --chown=node:node /app/.next ./.next
USER node
# The start command builds when the sources' fingerprint differs from the build's, which would then be
# at every container start: this checks it here (nothing to do when COPY kept the files' times).
RUN node --import tsx scripts/build.ts
EXPOSE 3000 9464
VOLUME ["/var/lib/forecourt"]
HEALTHCHECK --interval=10s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The command each instance of `npm run cluster` runs (npm start's, without npm): SIGTERM reaches the
# start script, which hands it to the server; it drains (DRAIN_MS), finishes the requests in flight and
# hands back its outbox leases (serving/shutdown.ts).
STOPSIGNAL SIGTERM
CMD ["node", "--import", "tsx", "--import", "./scripts/server-only.mjs", "scripts/start.ts"]
