#!/bin/bash
# usage: bash docs/audit-transcripts.sh  (VENV, OUT and the audits dir /work/shared/audits may be changed)
# run every audit transcript against /work/wt-rules, each in a fresh temp dir
OUT=${OUT:-/tmp/rules-audit/out}; rm -rf $OUT; mkdir -p $OUT
V=${VENV:-$(cd "$(dirname "$0")/.." && pwd)/.venv}
for c in d1 d2 d3 d4 d5 d6 d7 d8 d9 d10 d11 d12 d13 d14 d15 d16; do
  T=$(mktemp -d); cp /work/shared/audits/5e/transcripts/*.sh $T/; ln -s $V $T/.venv; mkdir -p $T/work/work
  (cd $T && PATH=$V/bin:$PATH bash defects_repro.sh $c > $OUT/5e_$c.out 2>&1); rm -rf $T
done
for f in /work/shared/audits/3.5e/transcripts/D*.sh; do
  T=$(mktemp -d); cp /work/shared/audits/3.5e/transcripts/*.sh $T/; ln -s $V $T/.venv; mkdir -p $T/work/work
  (cd $T && PATH=$V/bin:$PATH bash $(basename $f) > $OUT/35_$(basename $f .sh).out 2>&1); rm -rf $T
done
