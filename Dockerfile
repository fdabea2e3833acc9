# One image recipe for every Node process; the build argument SERVICE_DIR picks which
# (gateway, services/auth, services/catalog, services/booking, services/chat, services/subscribers,
# services/notifications, services/payments).
# The base image pinned to the exact Node release (and with it the npm it bundles): a rebuild gets the
# same runtime. It is the release .nvmrc pins, which the launchers run on (tests/ops/node-version).
FROM node:24.21.0-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY service-kit/package.json service-kit/
COPY gateway/package.json gateway/
COPY services/auth/package.json services/auth/
COPY services/catalog/package.json services/catalog/
COPY services/booking/package.json services/booking/
COPY services/chat/package.json services/chat/
COPY services/subscribers/package.json services/subscribers/
COPY services/notifications/package.json services/notifications/
COPY services/payments/package.json services/payments/
COPY web/package.json web/
COPY tests/package.json tests/
COPY bench/package.json bench/
# Exactly the lockfile's versions, or a failed build if package.json and the lockfile
# disagree. The lockfile lists every platform's optional binaries (@swc/core-*, @esbuild/*,
# lightningcss-*…) and npm picks this one's (checked with `npm ci --dry-run` on npm 10.8 and
# 11). No install scripts run: the native packages ship prebuilt binaries, and the only
# packages with install scripts (esbuild, @swc/core, @parcel/watcher, ssh2 under
# testcontainers) are dev tools whose scripts only check or rebuild those binaries.
RUN npm ci --ignore-scripts --no-audit --no-fund

FROM deps AS build
COPY . .
RUN node scripts/build.mjs

FROM deps AS prod-deps
RUN npm prune --omit=dev --ignore-scripts --no-audit --no-fund

FROM node:24.21.0-bookworm-slim AS runtime
ARG SERVICE_DIR=gateway
ENV NODE_ENV=production SERVICE_DIR=${SERVICE_DIR} WEB_DIST_DIR=/app/web/dist
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/${SERVICE_DIR}/dist ./${SERVICE_DIR}/dist
COPY --from=build /app/web/dist ./web/dist
USER node
EXPOSE 8080
CMD ["sh", "-c", "exec node --enable-source-maps \"$SERVICE_DIR/dist/main.js\""]
