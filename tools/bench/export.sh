#!/bin/sh
# tools/bench/export.sh [REV] [SIZES]: peak memory and wall time of
# `ariadne export`, before (REV, default main) and after (this tree's HEAD),
# every format, on generated recordings of SIZES megabytes (default
# "60 200"). Each recording repeats the step lines of the golden fixtures
# (recordings/testdata/*.jsonl.golden, all but the popup one, whose tab
# can be opened once only) under the sign-in fixture's header.
#
# REV's 64 MB refusal is lifted in its copy (BEFORE_LIMIT=0 keeps it), so
# that the figures compare the same work; where both sides export, the
# outputs are compared byte for byte. SIDES="before" (or "after") runs one
# side only. Needs GNU time (/usr/bin/time).
# Prints the load average before and after: the figures follow the load.
set -e
rev=${1:-main}
sizes=${2:-60 200}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/before" "$work/after"
git archive "$rev" | tar -x -C "$work/before"
git archive HEAD | tar -x -C "$work/after"
if [ "${BEFORE_LIMIT:-1}" = 1 ]; then
	sed -i 's/^const maxRecordingSize = 64 << 20$/const maxRecordingSize = 1 << 40/' "$work/before/cmd_export.go"
fi
(cd "$work/before" && go build -o "$work/ariadne-before" .)
(cd "$work/after" && go build -o "$work/ariadne-after" .)
td=recordings/testdata
head -n 1 "$td/signin.jsonl.golden" >"$work/header"
for f in signin controls dialogs duplicates iframe kinds names navigation testids; do
	tail -n +2 "$td/$f.jsonl.golden"
done >"$work/cycle"
echo "load average: $(cat /proc/loadavg)"
for mb in $sizes; do
	rec="$work/rec-$mb.jsonl"
	cycles=$(( mb * 1048576 / $(wc -c <"$work/cycle") ))
	{ cat "$work/header"; awk -v n="$cycles" '{l[NR]=$0} END{for(i=0;i<n;i++) for(j=1;j<=NR;j++) print l[j]}' "$work/cycle"; } >"$rec"
	echo "== $mb MB: $(wc -c <"$rec") bytes, $(( $(wc -l <"$rec") - 1 )) steps"
	for format in playwright-test playwright-python devtools-recorder chromedp; do
		for side in ${SIDES:-before after}; do
			out="$work/out-$side"
			rm -f "$out"
			if /usr/bin/time -v -o "$work/time" "$work/ariadne-$side" export --format "$format" "$rec" -o "$out" 2>"$work/err"; then
				res="$(wc -c <"$out") bytes out"
			else
				res="failed: $(tail -n 1 "$work/err")"
			fi
			rss=$(awk -F': ' '/Maximum resident set size/{printf "%.0f MB", $2/1024}' "$work/time")
			wall=$(awk -F': ' '/Elapsed \(wall clock\)/{print $2}' "$work/time")
			printf '%-18s %-6s peak RSS %8s  wall %8s  %s\n' "$format" "$side" "$rss" "$wall" "$res"
		done
		if [ -f "$work/out-before" ] && [ -f "$work/out-after" ]; then
			if cmp -s "$work/out-before" "$work/out-after"; then echo "  outputs identical"; else echo "  OUTPUTS DIFFER"; fi
		fi
	done
	rm -f "$rec"
done
echo "load average: $(cat /proc/loadavg)"
