# The skat server, bots and nightly job in one image (docker-compose.yml runs it in several roles).
# Stage 1 builds the release binary and the web client from Debian 12 packages and npm; stage 2
# keeps the binary, the web client and the shipped tables on a slim Debian with the runtime
# libraries only. Build: docker build -t skat .
FROM debian:12 AS build
ENV DEBIAN_FRONTEND=noninteractive
RUN apt-get update -q && apt-get install -y -q --no-install-recommends \
      build-essential cmake ninja-build pkg-config ca-certificates \
      libcli11-dev nlohmann-json3-dev libspdlog-dev libfmt-dev libsodium-dev libsqlite3-dev libboost1.81-dev \
      libboost-url1.81-dev libutf8proc-dev libeigen3-dev libpq-dev \
      nodejs npm \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
RUN cmake --preset release -DSKAT_BUILD_TESTS=OFF && cmake --build --preset release --target skat -j "$(nproc)"
RUN cd web && npm ci --no-audit --no-fund && npm run build

FROM debian:12-slim
ENV DEBIAN_FRONTEND=noninteractive
RUN apt-get update -q && apt-get install -y -q --no-install-recommends \
      libfmt9 libsodium23 libspdlog1.10 libsqlite3-0 libpq5 libboost-url1.81.0 libutf8proc2 ca-certificates \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --home /data --shell /usr/sbin/nologin skat \
    && mkdir -p /data && chown skat /data
COPY --from=build /src/build/bin/skat /usr/local/bin/skat
COPY --from=build /src/web/dist /app/web
COPY --from=build /src/tables /app/tables
COPY scripts/docker-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
WORKDIR /app
USER skat
VOLUME /data
EXPOSE 8080
ENTRYPOINT ["/usr/local/bin/docker-entrypoint.sh"]
CMD ["server"]
