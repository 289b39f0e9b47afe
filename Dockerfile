# Multi-stage build: compile with the locked dependency set, run as a non-root user from a
# small runtime image. Configuration comes from DRAUGHTS_API_* environment variables.
#
# The build stage copies the whole context, so whatever the code reads at compile time (the
# page in web/, the evaluation weights, catalogues) comes along; .dockerignore leaves out
# what it never reads. CI builds and runs the image (tests/container/, scripts/replica-test.sh);
# where no registry is reachable, scripts/base-images.sh makes the two FROM images locally.
FROM rust:1-slim-bookworm AS build
# make: jemalloc (the allocator) is built from source by its crate.
RUN apt-get update \
    && apt-get install -y --no-install-recommends make \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
RUN cargo build --release --locked --bin draughts-api
# The endgame tables of every preset up to 4 pieces (about two minutes of one core, 51 MiB),
# so a new pod maps them in milliseconds and is at full strength when it turns ready.
RUN ./target/release/draughts-api bitbase build --variant all --pieces 4 --out /tables

FROM debian:bookworm-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates curl \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --no-create-home draughts
COPY --from=build /src/target/release/draughts-api /usr/local/bin/draughts-api
COPY --from=build /tables /usr/share/draughts-api/tables
USER 10001
ENV DRAUGHTS_API_ADDR=0.0.0.0:8080 \
    DRAUGHTS_API_BITBASE_DIR=/usr/share/draughts-api/tables \
    DRAUGHTS_API_REQUIRE_TABLES=true \
    DRAUGHTS_API_LOG_JSON=true \
    RUST_LOG=info
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=2s --start-period=5s --retries=3 \
    CMD curl -fsS http://127.0.0.1:8080/healthz || exit 1
ENTRYPOINT ["/usr/local/bin/draughts-api"]
CMD ["serve"]
