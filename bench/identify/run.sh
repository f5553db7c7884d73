#!/usr/bin/env bash
# Identification benchmark: MDC vs vsearch vs blastn on the shared 16S/18S sets.
#   bash bench/identify/run.sh [--markers 16S,18S] [--repeat 3] [--threads 2] [--skip-blast]
set -euo pipefail
cd "$(dirname "$0")/../.."
missing=()
for tool in vsearch blastn makeblastdb; do command -v "$tool" >/dev/null || missing+=("$tool"); done
[ -x /usr/bin/time ] || missing+=("/usr/bin/time")
if [ ${#missing[@]} -gt 0 ]; then
  echo "missing: ${missing[*]} — install with: apt-get install -y vsearch ncbi-blast+ time" >&2
  exit 1
fi
exec node --import tsx bench/identify/run.ts "$@"
