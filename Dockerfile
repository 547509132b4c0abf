# A static minimod in an image with git (check reads the repository's
# history): docker build -t minimod . && docker run --rm -v "$PWD:/repo" -w /repo minimod check --base origin/main
FROM rust:1-alpine AS build
RUN apk add --no-cache musl-dev
WORKDIR /src
COPY . .
RUN cargo build --release --locked

FROM alpine:3
RUN apk add --no-cache git \
    && git config --system --add safe.directory '*'
COPY --from=build /src/target/release/minimod /usr/local/bin/minimod
ENTRYPOINT ["minimod"]
