# dstatview: one container, the embedded file store on a volume.
#   docker build -t dstatview .
#   docker run -p 8080:8080 -v dstatview-data:/data dstatview
# A bind-mounted /data must be writable by uid 1000 (the image's `node` user): chown 1000:1000 DIR.
# Node 24 is the current LTS line (Node 20 reached its end of life on 2026-04-30).

# --- build: every dependency, compile the server and bundle the web app into dist/
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY tsconfig.base.json tsconfig.json tsconfig.build.json ./
COPY shared ./shared
COPY server ./server
COPY web ./web
COPY scripts ./scripts
RUN npm run build

# --- runtime dependencies only
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts && npm cache clean --force

# --- runtime: compiled JS, production node_modules, a non-root user
FROM node:24-bookworm-slim
LABEL org.opencontainers.image.title="dstatview" \
      org.opencontainers.image.description="Turn dstat --output CSV logs into interactive, shareable graphs" \
      org.opencontainers.image.version="0.1.0" \
      org.opencontainers.image.base.name="docker.io/library/node:24-bookworm-slim"
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data
WORKDIR /app
# Fonts for the chart images the server draws (server/render/: @napi-rs/canvas uses the system's fonts):
# DejaVu for Latin text, IPA Gothic (fonts-ipafont-gothic, 12 MB installed; fonts-noto-cjk would be 91 MB)
# for Japanese and other CJK host, file and device names, which would otherwise be drawn as boxes.
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core fonts-ipafont-gothic && rm -rf /var/lib/apt/lists/*
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
COPY bin ./bin
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
# Liveness. For readiness (storage writable, parser threads alive) point the orchestrator at /readyz.
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "dist/server/main.js"]
