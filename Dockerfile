# syntax=docker/dockerfile:1
# Hälsoportalen as a container: one server instance (API, portal, /ws). Run several behind a
# proxy on PostgreSQL and Redis: compose.yaml and README "Operating a deployment".
#   docker build -t halsoportalen .
# Stages: `build` installs everything, builds the portal and compiles the server (esbuild →
# packages/server/dist/main.js, what `pnpm start:prod` runs); `deps` installs only the server's
# production dependencies; the final image has those, the compiled server, the built portal and
# the sources the operator commands (create-admin, files:to-db) run with tsx; it runs as the
# unprivileged `node` user in production mode.

ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS base
ENV PNPM_HOME=/pnpm PATH=/pnpm:$PATH CI=true
RUN npm install -g pnpm@12.21.0 && pnpm --version
WORKDIR /app
COPY pnpm-lock.yaml pnpm-workspace.yaml package.json ./
COPY packages/api/package.json packages/api/
COPY packages/ui/package.json packages/ui/
COPY packages/portal/package.json packages/portal/
COPY packages/server/package.json packages/server/

FROM base AS build
RUN pnpm install --frozen-lockfile
COPY . .
RUN pnpm --filter @halsa/portal build && pnpm --filter @halsa/server build

FROM base AS deps
# The server and what it imports from the workspace (@halsa/api), without dev dependencies.
RUN pnpm install --frozen-lockfile --prod --filter @halsa/server...

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production PORT=8080
WORKDIR /app
COPY --from=deps --chown=root:root /app /app
COPY --chown=root:root packages/api packages/api
COPY --chown=root:root packages/server packages/server
COPY --from=build --chown=root:root /app/packages/portal/dist packages/portal/dist
COPY --from=build --chown=root:root /app/packages/server/dist packages/server/dist
# Code is root-owned and read-only to the process; only DATA_DIR is writable (unused with
# DATABASE_URL, where files live in PostgreSQL).
RUN mkdir -p /data && chown node:node /data
ENV DATA_DIR=/data
USER node
WORKDIR /app/packages/server
EXPOSE 8080
# SIGTERM (docker stop, a rolling update): /readyz 503, requests finish, exit within 10 s.
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--enable-source-maps", "--heap-growing-percent=50", "dist/main.js"]
