# One container per tenant: the portal with its embedded marketplace (or TENANT_API_URL for an external one).

FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci

FROM deps AS build
# The build's version (shown to browsers, which are asked to refresh when it changes): pass the commit.
ARG BUILD_ID=
ENV BUILD_ID=$BUILD_ID
COPY . .
# The build bundles the server with its packages; then only the few it loads from node_modules stay
# there, without their declarations, source maps and documentation (scripts/keep-runtime-modules.mjs),
# and the bundles' source maps go too: the server does not read them (decision 035).
RUN npm run build && node scripts/keep-runtime-modules.mjs && find build -name '*.map' -delete

FROM node:20-bookworm-slim AS runtime
# SECURE_COOKIES=true: the image is meant to run behind TLS, so cookies are Secure and HSTS is sent
# even if the proxy's X-Forwarded-Proto is not trusted. For a plain-http trial run the container with
# `-e SECURE_COOKIES=auto` (Secure only on requests that came over TLS through TRUST_PROXY).
ENV NODE_ENV=production \
    SECURE_COOKIES=true \
    PORT=3000 \
    DATA_DIR=/data \
    TENANT_CONFIG=/app/config/tenants/demo.json
WORKDIR /app
# A fixed uid and gid (10001), whatever the base image already has, so that a bind-mounted /data can be
# prepared for it: chown 10001:10001 (deploy/README.md).
RUN groupadd --system --gid 10001 portal && useradd --system --uid 10001 --gid portal --home /app portal \
    && mkdir -p /data && chown portal:portal /data
# What the server reads at run time, and nothing else: package.json (its "type": "module" says what
# build/'s .js files are, rather than leaving Node to guess from their syntax),
# the packages loaded from node_modules (pdfkit's font metrics, PGlite's wasm), build/ (server bundles and
# client assets, which include public/; the locales are compiled in), its launcher scripts/serve.sh,
# the tenant configurations and the SQL migrations. scripts/image-proof.sh runs the server from
# exactly these paths, so a path missing here fails CI.
COPY --from=build --chown=portal:portal /app/package.json ./
COPY --from=build --chown=portal:portal /app/node_modules ./node_modules
COPY --from=build --chown=portal:portal /app/build ./build
COPY --from=build --chown=portal:portal /app/scripts/serve.sh ./scripts/serve.sh
COPY --from=build --chown=portal:portal /app/config ./config
COPY --from=build --chown=portal:portal /app/server/marketplace/db/migrations ./server/marketplace/db/migrations
USER portal
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
STOPSIGNAL SIGTERM
# scripts/serve.sh sets the memory settings a process takes only from outside, then execs node
# (PID 1 stays node, which gets the SIGTERM).
CMD ["sh", "scripts/serve.sh"]
