# syntax=docker/dockerfile:1
# The service as a container: build (TypeScript -> dist/, native modules) in one stage, run as a non-root user
# in a slim one. `docker build -t ddt .` then `docker run -p 8080:8080 ddt`; compose.yaml wires the backends.

FROM node:24-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 builds from source when no prebuilt binary fits.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY bin ./bin
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
# npm ci runs `prepare`, which compiles src/ to dist/.
RUN npm ci --no-audit --no-fund && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 DDT_DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/bin ./bin
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Exec form: node is PID 1 and receives SIGTERM itself (it drains in-flight calls, then exits).
CMD ["node", "dist/main.js"]
