# haat in a container: `docker build -t haat .` then `docker run -p 3000:3000 -v haat-data:/data haat`
# (PGlite in the volume), or `docker compose up` for haat with PostgreSQL. See docs/operations.md.

# ---- build: every dependency, then the web app, its page renderer and the server's JavaScript ----
FROM node:26-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# No dependency needs its install script (sharp, esbuild and PGlite ship prebuilt files).
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --ignore-scripts

# ---- run: the built server and app with the server's runtime dependencies, as an unprivileged user ----
FROM node:26-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself is PID 1 and gets SIGTERM (npm and a shell in between would not pass it on); the server finishes
# requests in flight within SHUTDOWN_TIMEOUT_SECONDS, closes the database and exits. It runs the server's build
# (dist/.node/): plain JavaScript, nothing compiled as it starts.
STOPSIGNAL SIGTERM
CMD ["node", "dist/.node/server/main.js"]
