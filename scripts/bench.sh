#!/bin/sh
# bench.sh: speed figures for `make bench`; printed, never asserted by tests.
# Builds a synthetic battle of many turns of events and times check, fmt
# and audit (text and JSON Lines).
set -u
out=build/bench
mkdir -p "$out"
big="$out/big.battle"
turns=${BENCH_TURNS:-2000}
{
	echo 'battle "Bench" id=bench rules=rff-maw'
	echo 'side US nation=US'
	echo '  leader lee "Lee" gallant'
	echo '  unit 5inf "5th" inf veteran spirited M stands=8 cmd=lee line'
	echo '  unit bty "Battery" gun elite hlcLG stands=2 cmd=lee limbered battery'
	echo 'side MEX nation=MEX'
	echo '  unit 2lt "2nd Light" inf trained spirited IM stands=10 line light'
	t=1
	while [ $t -le "$turns" ]; do
		echo "turn $t US"
		echo 'phase maneuver'
		echo 'mc lee [6]: 5inf +1gallant +1vet +2fresh =10 dq move; bty +1gallant +2elite +2bty +1limb =12 dq unlimber'
		echo 'phase fire'
		echo 'fire 5inf:8@6, bty@12 -> 2lt(cover=partial) [9] pts=11 +1fp -1partial =9 telling-fire loss=1'
		echo 'phase charge'
		echo 'charge 5inf(cold-steel) -> 2lt [5] +1vet +2fresh +1cs =9 | [4] +2fresh =6 : +3 hard-pressed'
		t=$((t + 1))
	done
} >"$big"
lines=$(wc -l <"$big")
ms() { date +%s%N | cut -c1-13; }
t0=$(ms); build/umpire check -q "$big" >/dev/null 2>&1; t1=$(ms)
build/umpire fmt "$big" >"$out/big.fmt" 2>&1; t2=$(ms)
echo "check: $lines lines in $((t1 - t0)) ms ($(( (t1 - t0) * 1000000 / lines )) ns/line)"
echo "fmt:   $lines lines in $((t2 - t1)) ms"
build/umpire audit "$big" >"$out/big.audit" 2>&1; t3=$(ms)
build/umpire audit --json "$big" >"$out/big.jsonl" 2>&1; t4=$(ms)
echo "audit: $lines lines in $((t3 - t2)) ms ($(grep -c ': error\|: warning' "$out/big.audit") findings shown)"
echo "audit --json: $lines lines in $((t4 - t3)) ms ($(wc -l <"$out/big.jsonl") JSON lines)"
