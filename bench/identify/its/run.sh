#!/usr/bin/env bash
# ITS identification benchmark: MDC vs vsearch vs blastn on the shared ITS2 reference and dev queries.
#   bash bench/identify/its/run.sh [--repeat 3] [--threads 2] [--skip-blast]
set -euo pipefail
cd "$(dirname "$0")/../../.."
missing=()
for tool in vsearch blastn makeblastdb; do command -v "$tool" >/dev/null || missing+=("$tool"); done
[ -x /usr/bin/time ] || missing+=("/usr/bin/time")
if [ ${#missing[@]} -gt 0 ]; then
  echo "missing: ${missing[*]} — install with: apt-get install -y vsearch ncbi-blast+ time" >&2
  exit 1
fi
exec node --import tsx bench/identify/its/run.ts "$@"
