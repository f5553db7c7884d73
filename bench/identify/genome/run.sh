#!/usr/bin/env bash
# Genome identification benchmark: MDC vs mash vs fastANI on the shared genomes.
#   bash bench/identify/genome/run.sh [--repeat 3] [--threads 2] [--skip-fastani]
set -euo pipefail
cd "$(dirname "$0")/../../.."
missing=()
tools=(mash fastANI)
# fastANI is needed only when it is run.
[[ " $* " == *" --skip-fastani "* ]] && tools=(mash)
for tool in "${tools[@]}"; do command -v "$tool" >/dev/null || missing+=("$tool"); done
[ -x /usr/bin/time ] || missing+=("/usr/bin/time")
if [ ${#missing[@]} -gt 0 ]; then
  echo "missing: ${missing[*]} — install with: apt-get install -y mash fastani time" >&2
  exit 1
fi
exec node --import tsx bench/identify/genome/run.ts "$@"
