#!/usr/bin/env bash
# ITS identification benchmark: `mdc identify --method ITS` (cold and warm index cache) vs vsearch
# vs blastn on the shared ITS2 reference and dev queries (run.ts says which tool is missing).
#   bash bench/identify/its/run.sh [--repeat 3] [--threads 2] [--skip-blast]
set -euo pipefail
cd "$(dirname "$0")/../../.."
exec node --import tsx bench/identify/its/run.ts "$@"
