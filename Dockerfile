# syntax=docker/dockerfile:1
# Aula on Next's standalone output (docs/deploy.md). Keep in step with scripts/docker-build-steps.sh:
# the build's RUN lines call it, and `bash scripts/docker-build-steps.sh` runs the same steps
# outside Docker and checks what they produce.
#
#   docker build -t aula .
#   docker run -p 3000:3000 -v aula-data:/data aula                       # PGlite in the volume
#   docker run -p 3000:3000 -e DATABASE_URL=postgres://… -e TRUST_PROXY=1 aula

FROM node:22-bookworm-slim AS build
WORKDIR /src
ENV NEXT_TELEMETRY_DISABLED=1
# Dependencies first, so a change in the code reuses this layer.
COPY package.json package-lock.json ./
COPY scripts/docker-build-steps.sh scripts/docker-build-steps.sh
RUN bash scripts/docker-build-steps.sh deps
COPY . .
RUN bash scripts/docker-build-steps.sh build && bash scripts/docker-build-steps.sh assemble /app

FROM node:22-bookworm-slim
# Debian's Chromium prints PDFs and certificate pictures (src/server/browser/chromium.ts); the Noto
# fonts cover the scripts of every course language in what it renders. The assemble step leaves
# out @sparticuz/chromium, the serverless hosts' browser, which the image never starts.
RUN apt-get update \
  && apt-get install -y --no-install-recommends chromium fonts-noto-core fonts-noto-cjk ca-certificates \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    PORT=3000 \
    HOSTNAME=0.0.0.0 \
    CHROMIUM_PATH=/usr/bin/chromium \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /app ./
# The app's files stay root's (read-only to it); it writes only PGlite's folder (DATA_DIR, used
# when DATABASE_URL is unset) and Next's cache (next/image's resized pictures).
RUN mkdir -p /data /app/.next/cache && chown node:node /data /app/.next/cache
VOLUME /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "server.js"]
