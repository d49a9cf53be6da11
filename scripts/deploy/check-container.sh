#!/usr/bin/env bash
# Builds the worker image from docs/deploy/Containerfile, starts a Redis and one worker container,
# runs an experiment through the queue and the same experiment locally, and checks the two result
# files are the same bytes (README "Runs on many machines").
#
#   scripts/deploy/check-container.sh [EXPERIMENT.json]
#
# CONTAINER_ENGINE picks podman or docker (default: whichever is installed). On a host where
# containers need extra runtime settings (nested in another container, say), put the engine's global
# flags in CONTAINER_GLOBAL_FLAGS and the flags of `build` and `run` in CONTAINER_RUN_FLAGS; this
# project's build machine used
#   CONTAINER_GLOBAL_FLAGS="--runtime runc --cgroup-manager cgroupfs"
#   CONTAINER_RUN_FLAGS="--ulimit nofile=1024:1024 --ulimit nproc=1024:1024"
# Where docker.io cannot be reached, scripts/deploy/base-from-host.sh builds the base image locally.
set -euo pipefail

root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
experiment="${1:-resources/presets/liu-balanced.experiment.json}"
engine="${CONTAINER_ENGINE:-$(command -v podman || command -v docker || true)}"
if [ -z "$engine" ]; then
  echo "check-container: neither podman nor docker is installed" >&2
  exit 2
fi
read -r -a global <<<"${CONTAINER_GLOBAL_FLAGS:-}"
read -r -a extra <<<"${CONTAINER_RUN_FLAGS:-}"
port="${REDIS_PORT:-6391}"
name="workload-studio-check-$$"
work="$(mktemp -d)"

cleanup() {
  "$engine" "${global[@]}" rm -f "$name" >/dev/null 2>&1 || true
  redis-cli -p "$port" shutdown nosave >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

node scripts/ensure-built.mjs
"$engine" "${global[@]}" build "${extra[@]}" --network=host -f docs/deploy/Containerfile -t workload-studio-worker .
redis-server --port "$port" --save '' --appendonly no --daemonize yes >/dev/null
until redis-cli -p "$port" ping >/dev/null 2>&1; do sleep 0.2; done
"$engine" "${global[@]}" run -d --name "$name" "${extra[@]}" --network=host workload-studio-worker --queue "redis://127.0.0.1:$port" >/dev/null

for how in queue local; do
  flags=(); [ "$how" = queue ] && flags=(--queue "redis://127.0.0.1:$port")
  node bin/workload-studio.js run "$experiment" "${flags[@]}" --out "$work/$how.json" >"$work/$how.log" 2>&1 || { cat "$work/$how.log" >&2; exit 1; }
done
taken="$("$engine" "${global[@]}" logs "$name" 2>&1 | grep -c 'finished run' || true)"
"$engine" "${global[@]}" stop -t 30 "$name" >/dev/null
if cmp -s "$work/queue.json" "$work/local.json"; then
  echo "check-container: the worker container simulated $taken runs of $experiment; the result equals the local run byte for byte"
else
  echo "check-container: the result through the container differs from the local run" >&2
  exit 1
fi
