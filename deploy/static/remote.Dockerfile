# syntax=docker/dockerfile:1
# One remote, shipped alone: a static server holding only that remote's browser build and its server
# (SSR) bundle. The six remotes build the same way, so they share this file and name themselves:
#   docker build -f deploy/static/remote.Dockerfile --build-arg REMOTE=mf-catalog -t storefront-mf-catalog:<version> .
ARG NODE_IMAGE=node:24-bookworm-slim
ARG NGINX_IMAGE=nginxinc/nginx-unprivileged:1.29.5-alpine

FROM ${NODE_IMAGE} AS prune
ARG REMOTE
WORKDIR /repo
ENV TURBO_TELEMETRY_DISABLED=1
COPY . .
RUN test -n "${REMOTE}" && test -f "${REMOTE}/package.json" || { echo "--build-arg REMOTE=<mf-…> names no remote: '${REMOTE}'" >&2; exit 2; }
RUN npx --yes turbo@2.11.11 prune "@storefront/${REMOTE}" --docker

FROM ${NODE_IMAGE} AS build
ARG REMOTE
WORKDIR /repo
ENV TURBO_TELEMETRY_DISABLED=1
COPY --from=prune /repo/out/json/ ./
COPY --from=prune /repo/out/package-lock.json ./package-lock.json
RUN npm ci --no-audit --no-fund
COPY --from=prune /repo/out/full/ ./
COPY --from=prune /repo/tsconfig.base.json /repo/tsconfig.app.json ./
# browser files under /srv/remotes/<remote> (source maps left out), the server bundle under /srv/server
RUN npx turbo run build "--filter=@storefront/${REMOTE}..." \
 && mkdir -p /srv/remotes && cp -r "${REMOTE}/dist" "/srv/remotes/${REMOTE}" && mv "/srv/remotes/${REMOTE}/server" /srv/server \
 && find /srv -name '*.map' -delete

FROM ${NGINX_IMAGE}
ARG REMOTE
COPY deploy/static/nginx.conf /etc/nginx/nginx.conf
COPY deploy/static/remote.conf /etc/nginx/conf.d/remote.conf
USER root
RUN rm -f /etc/nginx/conf.d/default.conf && sed -i "s/REMOTE_FOLDER/${REMOTE}/g" /etc/nginx/conf.d/remote.conf
COPY --from=build /srv/ /srv/
# nginx-unprivileged's uid: the files stay root's and read-only; nginx writes only to /tmp
USER 101
ENV NGINX_ENTRYPOINT_QUIET_LOGS=1
EXPOSE 8080 8081
HEALTHCHECK --interval=10s --timeout=3s --retries=5 CMD wget -q -O /dev/null http://127.0.0.1:8080/healthz || exit 1
