# The shared store of the `nodes` profile (docker-compose.yml): Debian 12's PostgreSQL 15, its data
# in the `pgdata` volume, one database `skat` owned by the role `skat` (password SKAT_PG_PASSWORD).
# Kept small: no cluster made by the package (deploy/postgres-entrypoint.sh makes the only one, in
# the volume), and no LLVM: the JIT compiler, which the server runs without (jit=off), and its
# libraries (~120 MB) are removed.
FROM debian:12-slim
ENV DEBIAN_FRONTEND=noninteractive
RUN mkdir -p /etc/postgresql-common \
    && echo "create_main_cluster = false" >/etc/postgresql-common/createcluster.conf \
    && apt-get update -q && apt-get install -y -q --no-install-recommends postgresql-15 \
    && dpkg --purge --force-depends libllvm14 libz3-4 \
    && apt-get clean && rm -rf /usr/lib/postgresql/15/lib/llvmjit* /usr/lib/postgresql/15/lib/bitcode /var/lib/apt/lists/* \
    && mkdir -p /var/lib/postgresql/data && chown postgres:postgres /var/lib/postgresql/data \
    && chmod 700 /var/lib/postgresql/data
COPY deploy/postgres-entrypoint.sh /usr/local/bin/postgres-entrypoint.sh
USER postgres
ENV PGDATA=/var/lib/postgresql/data
# The volume starts as a copy of the directory above, owned by postgres (initdb needs that).
VOLUME /var/lib/postgresql/data
EXPOSE 5432
# Ready when it answers on TCP: the first start's set-up runs without TCP, so the health check
# (docker-compose.yml) passes only once the database `skat` exists.
HEALTHCHECK --interval=2s --timeout=3s --retries=30 \
  CMD ["/usr/lib/postgresql/15/bin/pg_isready", "-q", "-h", "127.0.0.1", "-U", "skat", "-d", "skat"]
ENTRYPOINT ["/usr/local/bin/postgres-entrypoint.sh"]
