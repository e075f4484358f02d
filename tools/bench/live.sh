#!/bin/sh
# tools/bench/live.sh [REV]: what live follow costs, before (REV, default
# main) and after (this tree's HEAD), in one run:
#
#   1. a quiet poll (BenchmarkLivePoll: the DOM version check on the
#      20,000-element page, plain and with 3,000 rules and 1,000 fields;
#      then BenchmarkFollowPoll in HEAD: that check and Follow's poll
#      interleaved, CPU of Ariadne and of Chromium per poll);
#   2. one change (BenchmarkRefresh: a renamed row at 20,000 elements, a
#      50-item list re-rendered at 5,000; a full snapshot, then a refresh);
#   3. live follow on a 20,000-element page with a 1 s clock for $LIVE
#      (default 60s): the page alone (the floor), then REV's refreshes,
#      then HEAD's (TestLiveFollowCPU: CPU of Ariadne + Chromium, and
#      CPU-seconds per update, the steadier figure on a shared machine).
#
# STEPS="poll change live" (the default) picks steps. Both sides are the
# committed trees, copied out, each measured with
# HEAD's benchmark files (so that the figures are the same measure).
# Run from the repository with Chromium (CHROME_PATH); it prints the load
# average at each step, since the figures follow the machine's load.
set -e
rev=${1:-main}
before=$(mktemp -d)
after=$(mktemp -d)
trap 'rm -rf "$before" "$after"' EXIT
git archive "$rev" | tar -x -C "$before"
git archive HEAD | tar -x -C "$after"
cp "$after/browser/snapshot_refresh_bench_test.go" "$before/browser/"
cp "$after/ui/live_cpu_test.go" "$before/ui/"
load() { echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"; }
# bench WHAT PATTERN N: go test -bench PATTERN -benchtime N in both trees.
bench() {
	for side in before after; do
		eval dir=\$$side
		load
		echo "== $1, $side"
		(cd "$dir" && go test ./browser -run '^$' -bench "$2" -benchtime "$3") | grep '^Benchmark'
	done
}
steps=${STEPS:-poll change live}
case " $steps " in *" poll "*)
	bench "quiet poll" 'BenchmarkLivePoll' 200x
	# The old poll (DOMVersion) and the new (Follow) side by side, in HEAD.
	load
	echo "== quiet poll, version and Follow interleaved, after"
	(cd "$after" && go test ./browser -run '^$' -bench 'BenchmarkFollowPoll' -benchtime 400x) | grep '^Benchmark'
	;;
esac
case " $steps " in *" change "*) bench "one change" 'BenchmarkRefresh$' 5x ;; esac
case " $steps " in *" live "*) ;; *) load; exit 0 ;; esac
for side in page before after; do
	dir=$after
	only=refresh
	[ "$side" = page ] && only=page
	[ "$side" = before ] && dir=$before
	load
	echo "== live follow, $side"
	(cd "$dir" && ARIADNE_BENCH_LIVE=${LIVE:-60s} ARIADNE_BENCH_LIVE_ONLY=$only go test ./ui -run 'TestLiveFollowCPU$' -count=1 -v) |
		grep -A4 'live follow,' | grep -v 'live follow,\|load average' | sed 's/^ *//'
done
load
