# syntax=docker/dockerfile:1
# The shop in one image: the same steps as the README (`npm install`, `npm run build`, `node server.ts`).
# Build: docker build -t maison-noor-shop .
# Run:   docker run -p 3000:3000 -v shop-data:/app/data maison-noor-shop

FROM node:24-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# `npm install` honours the lockfile; `npm ci` rejects a lockfile made against a mirror (docs/architecture.md).
RUN npm install --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build

FROM node:24-slim AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
# better-sqlite3 and argon2 ship prebuilt Linux binaries: no compiler in the image.
RUN npm install --omit=dev --no-audit --no-fund

FROM node:24-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATABASE_URL=file:/app/data/shop.db
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
# The shop runs from the build: `react-router build` bundles server/app.ts with the storefront and the API
# (build/server), and build/client holds the browser's files and public/. server.ts only loads it. The operator
# CLI (`npm run shop`) runs from its TypeScript sources, which Node runs itself (type stripping); package.json
# makes them ES modules and maps the #api and #contract imports. dockerfile.test.ts checks that these COPY lines,
# less .dockerignore, hold every module the CLI and the launcher import.
COPY --from=build /app/build ./build
COPY package.json server.ts ./
COPY scripts ./scripts
COPY api ./api
COPY contract ./contract
# The SQLite file and the mail outbox live in the volume, owned by the unprivileged `node` user.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME /app/data
EXPOSE 3000
# node:24-slim has no curl: Node's fetch does the probe.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The old-space limit bounds how much heap V8 keeps committed per worker (the workers inherit the flag): the live
# heap under load is 30 to 45 MB, and without a limit V8 grew each worker's committed heap past 200 MB lazily.
CMD ["node", "--max-old-space-size=256", "server.ts"]
