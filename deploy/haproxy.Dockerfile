# The balancer of the `nodes` profile (docker-compose.yml): Debian 12's HAProxy with
# deploy/haproxy.cfg (node addresses from the environment).
FROM debian:12-slim
ENV DEBIAN_FRONTEND=noninteractive
RUN apt-get update -q && apt-get install -y -q --no-install-recommends haproxy && \
    rm -rf /var/lib/apt/lists/*
COPY deploy/haproxy.cfg /etc/haproxy/skat.cfg
EXPOSE 8080
CMD ["haproxy", "-db", "-f", "/etc/haproxy/skat.cfg"]
