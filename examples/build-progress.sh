#!/bin/sh
# A build that reports its progress: `thurm status` draws the bar in the pane's border
# (no printf needed), and ends with done. Replace the loop with your real steps.
set -e
thurm=${THURM:-$(dirname "$0")/../bin/thurm}
steps="fetch configure compile test package"
total=5
n=0
for step in $steps; do
  "$thurm" status working --app build --msg "$step" --progress $((n * 100 / total))
  sleep 1   # the real work of this step goes here
  n=$((n + 1))
done
"$thurm" status done --app build --msg "built in $total steps"
