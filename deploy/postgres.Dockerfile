# The shared store of the `nodes` profile (docker-compose.yml): Debian 12's PostgreSQL 15, its data
# in the `pgdata` volume, one database `skat` owned by the role `skat` (password SKAT_PG_PASSWORD).
FROM debian:12-slim
ENV DEBIAN_FRONTEND=noninteractive
RUN apt-get update -q && apt-get install -y -q --no-install-recommends postgresql-15 && \
    rm -rf /var/lib/apt/lists/*
COPY deploy/postgres-entrypoint.sh /usr/local/bin/postgres-entrypoint.sh
USER postgres
ENV PGDATA=/var/lib/postgresql/data
VOLUME /var/lib/postgresql/data
EXPOSE 5432
ENTRYPOINT ["/usr/local/bin/postgres-entrypoint.sh"]
