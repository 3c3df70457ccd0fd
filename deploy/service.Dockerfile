# syntax=docker/dockerfile:1
# One database service (content, forms, orders or payments). The four build and run alike, so they share
# this file and name themselves; build from the repository root:
#   docker build -f deploy/service.Dockerfile --build-arg SERVICE=orders -t storefront-orders .
# Only that service's workspace goes in (turbo prune): its own code, the packages it imports and their
# production dependencies. No other slice, no dev tools, no repository files. The gateway keeps its own
# file (services/gateway/Dockerfile): it also builds the shell and content's generated images.
ARG NODE_IMAGE=node:24-bookworm-slim

# The pruned workspace: out/json (package.json files + lockfile, the install layer) and out/full (sources).
FROM ${NODE_IMAGE} AS prune
ARG SERVICE
WORKDIR /repo
ENV TURBO_TELEMETRY_DISABLED=1
COPY . .
# the gateway's workspace would prune and build, yet without the shell: refused by name, like a typo
RUN case "${SERVICE}" in content|forms|orders|payments) ;; \
      *) echo "--build-arg SERVICE=<content|forms|orders|payments> names no database service: '${SERVICE}'" >&2; exit 2 ;; esac
RUN npx --yes turbo@2.11.11 prune "@storefront/${SERVICE}-service" --docker

FROM ${NODE_IMAGE} AS build
ARG SERVICE
WORKDIR /repo
ENV TURBO_TELEMETRY_DISABLED=1
COPY --from=prune /repo/out/json/ ./
COPY --from=prune /repo/out/package-lock.json ./package-lock.json
RUN npm ci --no-audit --no-fund
COPY --from=prune /repo/out/full/ ./
COPY --from=prune /repo/tsconfig.base.json /repo/tsconfig.app.json ./
RUN npx turbo run build "--filter=@storefront/${SERVICE}-service..." \
 && mkdir -p /built && for dir in packages/* services/*; do \
      if [ -d "$dir/dist" ]; then mkdir -p "/built/$dir" && cp -r "$dir/dist" "/built/$dir/"; fi; done

# Production dependencies only, from the same pruned lockfile.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY --from=prune /repo/out/json/ ./
COPY --from=prune /repo/out/package-lock.json ./package-lock.json
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE}
ARG SERVICE
# The port is topology's default for the service (<SERVICE>_PORT overrides it at run time).
ENV NODE_ENV=production HOST=0.0.0.0
# Files belong to root and are read-only to the process: the root filesystem can be mounted read-only.
COPY --from=deps /app/ /app/
COPY --from=build /built/ /app/
# the site's content folder (catalogs, forms, settings) that site-config reads (CONTENT_DIR)
COPY --from=prune /repo/content/ /app/content/
# forms' uploads: the deployment mounts a volume at /data/uploads and sets FORMS_UPLOAD_DIR (compose:
# form-uploads; k8s: the shared claim). The mount point belongs to the service's uid, so a fresh
# Docker volume starts writable; no VOLUME, so forms without a mounted volume fails at start rather
# than keeping shoppers' files in an anonymous volume. Nothing else is written at run time.
RUN if [ "${SERVICE}" = forms ]; then mkdir -p /data/uploads && chown 1000:1000 /data/uploads; fi
# numeric uid (the image's "node" user) so Kubernetes' runAsNonRoot can check it
USER 1000:1000
# `node dist/migrate.js up|status|revert-last` runs from here (the migrate one-shot / Job)
WORKDIR /app/services/${SERVICE}
# the service is the folder's name; its port comes from the topology, as the service's own main.ts reads it
HEALTHCHECK --interval=10s --timeout=3s --retries=5 CMD ["node", "--input-type=module", "-e", "import { basename } from 'node:path'; import { servicePort } from '@storefront/topology'; const port = servicePort(basename(process.cwd()), process.env); fetch(`http://127.0.0.1:${port}/health/ready`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1));"]
CMD ["node", "dist/main.js"]
