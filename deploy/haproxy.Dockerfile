# The balancer of the `nodes` profile (docker-compose.yml): Debian 12's HAProxy with
# deploy/haproxy.cfg (node addresses from the environment).
FROM debian:12-slim
ENV DEBIAN_FRONTEND=noninteractive
RUN apt-get update -q && apt-get install -y -q --no-install-recommends haproxy && \
    apt-get clean && rm -rf /var/lib/apt/lists/*
COPY deploy/haproxy.cfg /etc/haproxy/skat.cfg
EXPOSE 8080
# HAProxy as process 1 stops on SIGUSR1 (soft stop, bounded by hard-stop-after in the
# configuration); Docker's default SIGTERM would be ignored until Docker kills it 10 s later.
STOPSIGNAL SIGUSR1
CMD ["haproxy", "-db", "-f", "/etc/haproxy/skat.cfg"]
