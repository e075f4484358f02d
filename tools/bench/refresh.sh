#!/bin/sh
# tools/bench/refresh.sh [REV]: the incremental snapshot figures, before
# (REV, default main: its full walk) and after (this tree), in one run:
#
#   1. the full walk at 20,000 elements, REV then this tree;
#   2. one change on a page (a renamed row at 20,000 elements, a 50-item
#      list re-rendered at 5,000): a full snapshot, then a refresh;
#   3. live follow on a 20,000-element page with a 1 s clock for $LIVE
#      (default 60s): CPU of Ariadne + Chromium, full snapshots then
#      refreshes.
#
# Both sides are the committed trees (REV and HEAD), copied out, so that
# editing the work tree meanwhile changes nothing. Run from the repository;
# it needs Chromium (CHROME_PATH) and prints the load average before and
# after, since the figures follow the machine's load.
set -e
rev=${1:-main}
before=$(mktemp -d)
root=$(mktemp -d)
trap 'rm -rf "$before" "$root"' EXIT
git archive "$rev" | tar -x -C "$before"
git archive HEAD | tar -x -C "$root"
export ARIADNE_BENCH_PLAYWRIGHT=0
echo "load average: $(cat /proc/loadavg)"
echo "== full walk, before ($rev)"
(cd "$before" && go test ./browser -run '^$' -bench 'BenchmarkSnapshot$/20000' -benchtime 3x) | grep '^Benchmark'
echo "== full walk, after (HEAD)"
(cd "$root" && go test ./browser -run '^$' -bench 'BenchmarkSnapshot$/20000' -benchtime 3x) | grep '^Benchmark'
echo "== one change: a full snapshot (before), a refresh (after)"
(cd "$root" && go test ./browser -run '^$' -bench 'BenchmarkRefresh$' -benchtime 5x) | grep '^Benchmark'
echo "== live follow"
(cd "$root" && ARIADNE_BENCH_LIVE=${LIVE:-60s} go test ./ui -run 'TestLiveFollowCPU$' -count=1 -v) | grep -A3 'live follow,' | sed 's/^ *//'
echo "load average: $(cat /proc/loadavg)"
