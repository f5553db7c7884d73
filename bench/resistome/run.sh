#!/usr/bin/env bash
# Genes vs Debian ResFinder 4.3.0 and the time of both, in one run, on the four Kleborate example
# genomes (kleborate-examples) and five shared reference genomes; then predicted vs measured on the
# 500 dev E. coli. Results on standard output (markdown); work files in bench/work/resistome/.
# Usage: bash bench/resistome/run.sh [--skip-resfinder]   (needs resfinder, resfinder-db, kleborate-examples)
set -euo pipefail
cd "$(dirname "$0")/../.."
WORK=bench/work/resistome
DATA=${REFDATA_DIR:-../shared/data}
mkdir -p $WORK/genomes $WORK/resfinder
KLEB=(Klebs_HS11286 Klebs_Kp1084 MGH78578 NTUH-K2044)
SHARED=(R09_Klebsiella_pneumoniae_ATCC_13883 R03_Escherichia_coli_O157_H7_Sakai R21_Acinetobacter_baumannii_ATCC_19606 R06_Salmonella_enterica_Typhimurium_LT2 R33_Staphylococcus_aureus_N315)
for g in "${KLEB[@]}"; do [ -s $WORK/genomes/$g.fna ] || xz -dc /usr/share/doc/kleborate/examples/data/$g.fna.xz > $WORK/genomes/$g.fna; done
for g in "${SHARED[@]}"; do [ -s $WORK/genomes/$g.fna ] || zcat $DATA/genome/reference/$g.fna.gz > $WORK/genomes/$g.fna; done
if [ "${1:-}" != "--skip-resfinder" ]; then
  : > $WORK/resfinder/times.tsv
  for g in "${KLEB[@]}" "${SHARED[@]}"; do
    out=$WORK/resfinder/$g; rm -rf $out; mkdir -p $out
    s=$(date +%s.%N)
    /usr/bin/python3 /usr/bin/run_resfinder.py -ifa $WORK/genomes/$g.fna -o $out -s other -acq -db_res /usr/share/resfinder/db -b /usr/bin/blastn > $out/log.txt 2>&1
    echo -e "$g\t$(echo "$(date +%s.%N) - $s" | bc)" >> $WORK/resfinder/times.tsv
  done
fi
echo "## mdc resistome on the four Kleborate genomes (whole command, wall and user time)"
( cd $WORK/genomes && /usr/bin/time -f "%e s wall, %U s user" env MDC_FROM_SOURCES=1 node ../../../../apps/server/bin/mdc.js resistome \
    --query Klebs_HS11286.fna Klebs_Kp1084.fna MGH78578.fna NTUH-K2044.fna --organism "Klebsiella pneumoniae" --timings > ../mdc-four.tsv ) 2>&1
echo "ResFinder on the same four (s, wall): $(grep -E '^(Klebs_|MGH|NTUH)' $WORK/resfinder/times.tsv | awk '{s+=$2} END {print s}')"
echo; echo "## genes vs ResFinder"; npx tsx bench/resistome/genes-vs-resfinder.ts $WORK
echo; echo "## predicted vs measured, 500 dev E. coli"; npx tsx bench/resistome/predict-vs-measured.ts
