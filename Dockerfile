# Parlor in a container: one static binary (the SQLite driver needs no C,
# the web client is bundled into it at build time) in an image with
# nothing else but the CA certificates, for ACME and outgoing TLS, and an
# unprivileged user. docs/deploy.md shows how to run it.

FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/parlor ./cmd/parlor
# The image's only writable places: the data directory (the SQLite file,
# the SSH host key, ACME certificates) and a temporary directory.
RUN mkdir -p /out/data /out/tmp \
    && chown 10001:10001 /out/data \
    && chmod 1777 /out/tmp \
    && echo 'parlor:x:10001:10001:Parlor:/data:/nonexistent' > /out/passwd \
    && echo 'parlor:x:10001:' > /out/group

FROM scratch
COPY --from=build /etc/ssl/certs/ca-certificates.crt /etc/ssl/certs/ca-certificates.crt
COPY --from=build /out/passwd /etc/passwd
COPY --from=build /out/group /etc/group
COPY --from=build /out/tmp /tmp
COPY --from=build /out/data /data
COPY --from=build /out/parlor /parlor
USER 10001:10001
# Every flag of parlor serve may be set as PARLOR_<FLAG>.
ENV PARLOR_DATA=/data PARLOR_ADDR=:8080
VOLUME /data
EXPOSE 8080 2222
ENTRYPOINT ["/parlor"]
CMD ["serve"]
