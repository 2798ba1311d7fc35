# A stand-in for postgres:15-bookworm where no registry is reachable (scripts/compose-test.sh): Debian's
# own postgresql-15, with an entrypoint that does what the official image's does for compose.yaml.
ARG BASE=node:20-bookworm-slim
FROM ${BASE}
# No "main" cluster from the package's install script: the entrypoint makes the one in PGDATA.
RUN mkdir -p /etc/postgresql-common/createcluster.d \
    && echo 'create_main_cluster = false' >/etc/postgresql-common/createcluster.d/no-main-cluster.conf \
    && apt-get update && apt-get install -y --no-install-recommends postgresql-15 \
    && rm -rf /var/lib/apt/lists/*
ENV PATH=/usr/lib/postgresql/15/bin:$PATH \
    PGDATA=/var/lib/postgresql/data
COPY postgres-entrypoint.sh /usr/local/bin/postgres-entrypoint.sh
VOLUME /var/lib/postgresql/data
EXPOSE 5432
# The official image's: SIGINT is PostgreSQL's fast shutdown.
STOPSIGNAL SIGINT
ENTRYPOINT ["sh", "/usr/local/bin/postgres-entrypoint.sh"]
CMD ["postgres"]
