# A stand-in for caddy:2 where no registry is reachable (scripts/compose-test.sh): Debian's own caddy
# package, with the official image's data and config folders and command.
ARG BASE=node:20-bookworm-slim
FROM ${BASE}
RUN apt-get update && apt-get install -y --no-install-recommends caddy ca-certificates \
    && rm -rf /var/lib/apt/lists/*
ENV XDG_DATA_HOME=/data \
    XDG_CONFIG_HOME=/config
VOLUME /data /config
EXPOSE 80 443 443/udp
WORKDIR /srv
CMD ["caddy", "run", "--config", "/etc/caddy/Caddyfile", "--adapter", "caddyfile"]
