#!/bin/sh
# A test runner with one record per suite below its own: ids form a tree (runner/unit,
# runner/e2e), children inherit the app of their nearest ancestor, and records with an id
# and a title show as "title: msg". Each report replaces its record whole, so the runner
# repeats its app. `thurm info` lists them under the program.
thurm=${THURM:-$(dirname "$0")/../bin/thurm}
"$thurm" status working --app tests --id runner --msg "2 suites"
"$thurm" status working --id runner/unit --title Unit --msg "running" --progress 0
"$thurm" status working --id runner/e2e --title E2E --msg "queued"
sleep 1
"$thurm" status done --id runner/unit --title Unit --msg "312 passed"
"$thurm" status working --id runner/e2e --title E2E --msg "running" --progress 50
sleep 1
"$thurm" status error --id runner/e2e --title E2E --msg "1 failed"
"$thurm" status error --app tests --id runner --msg "1 suite failed"
# Later: `thurm status clear --id runner` removes the runner and everything below it.
