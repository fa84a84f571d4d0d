# The skat server, bots and nightly job in one image (docker-compose.yml runs it in several roles).
# Three stages, each depending only on what it uses, so that a change rebuilds only its own stage:
#   cxx  the release binary, from Debian 12's compilers and libraries and the C++ sources alone
#        (CMake files, engine, bots, db and migrations, server, bridge, cli);
#   web  the browser client, from Debian 12's Node.js and npm and web/ alone (npm ci from the lock
#        file first, so that a change to a source file reuses the installed packages);
#   the runtime: Debian 12 slim with the runtime libraries, the binary, the web client, the shipped
#        tables and the entrypoint.
# Build: docker build -t skat .   Behind a proxy that re-signs TLS, pass its CA certificates (PEM)
# for npm: --build-arg SKAT_EXTRA_CA_CERTS="$(cat proxy-ca.pem)".
FROM debian:12 AS cxx
ENV DEBIAN_FRONTEND=noninteractive
RUN apt-get update -q && apt-get install -y -q --no-install-recommends \
      build-essential cmake ninja-build pkg-config \
      libcli11-dev nlohmann-json3-dev libspdlog-dev libfmt-dev libsodium-dev libsqlite3-dev libboost1.81-dev \
      libboost-url1.81-dev libutf8proc-dev libicu-dev libeigen3-dev libpq-dev \
    && apt-get clean && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY CMakeLists.txt CMakePresets.json ./
COPY migrations migrations
COPY engine engine
COPY bots bots
COPY db db
COPY server server
COPY bridge bridge
COPY cli cli
RUN cmake --preset release -DSKAT_BUILD_TESTS=OFF \
    && cmake --build --preset release --target skat -j "$(nproc)" \
    && strip build/bin/skat

FROM debian:12 AS web
ENV DEBIAN_FRONTEND=noninteractive
RUN apt-get update -q && apt-get install -y -q --no-install-recommends nodejs npm ca-certificates \
    && apt-get clean && rm -rf /var/lib/apt/lists/*
WORKDIR /web
ARG SKAT_EXTRA_CA_CERTS=""
COPY web/package.json web/package-lock.json ./
RUN if [ -n "$SKAT_EXTRA_CA_CERTS" ]; then \
      printf '%s\n' "$SKAT_EXTRA_CA_CERTS" >/etc/ssl/extra-ca.pem; export NODE_EXTRA_CA_CERTS=/etc/ssl/extra-ca.pem; \
    fi \
    && npm ci --no-audit --no-fund \
    && rm -f /etc/ssl/extra-ca.pem
COPY web ./
RUN npm run build

FROM debian:12-slim
ENV DEBIAN_FRONTEND=noninteractive
RUN apt-get update -q && apt-get install -y -q --no-install-recommends \
      libfmt9 libsodium23 libspdlog1.10 libsqlite3-0 libpq5 libboost-url1.81.0 libutf8proc2 libicu72 \
      bubblewrap python3 ca-certificates \
    && apt-get clean && rm -rf /var/lib/apt/lists/* \
    && useradd --system --home /data --shell /usr/sbin/nologin skat \
    && mkdir -p /data && chown skat /data
COPY scripts/docker-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
COPY tables /app/tables
COPY --from=cxx /src/build/bin/skat /usr/local/bin/skat
COPY --from=web /web/dist /app/web
WORKDIR /app
USER skat
VOLUME /data
EXPOSE 8080
ENTRYPOINT ["/usr/local/bin/docker-entrypoint.sh"]
CMD ["server"]
