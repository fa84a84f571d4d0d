# Multi-stage build of the skat command on Debian 12: a build stage with the compiler and
# development packages, and a slim runtime stage with only the shared libraries it links.
FROM debian:12 AS build
WORKDIR /src
COPY scripts/install-deps.sh scripts/install-deps.sh
RUN scripts/install-deps.sh
COPY . .
RUN cmake --preset release -DSKAT_BUILD_TESTS=OFF && cmake --build --preset release

FROM debian:12-slim AS runtime
RUN apt-get update -q && apt-get install -y -q --no-install-recommends libsodium23 libsqlite3-0 \
    && rm -rf /var/lib/apt/lists/*
COPY --from=build /src/build/bin/skat /usr/local/bin/skat
WORKDIR /data
VOLUME ["/data"]
ENTRYPOINT ["skat"]
