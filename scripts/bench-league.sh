#!/bin/sh
# bench-league.sh: the league part of `make bench`, which also runs alone
# (after a build: `make build/umpire && BENCH_LEAGUE=1000 sh
# scripts/bench-league.sh`).  Figures printed, never asserted
# (docs/performance.md records them).
set -u
out=build/bench
mkdir -p "$out"
cc -O2 -o "$out/median" bench/median.c || exit 1

. scripts/bench-run.sh	# run CMD...: $cpu and $mem

# A league's archive (issue 29): BENCH_LEAGUE battles (10 000), the four
# examples over and over in ten campaigns, each with a victor in turn
# (bench/gen-league.py); its import, every named query, a battle's report,
# a campaign's, the balance of every scenario, the whole site without
# plots, db check, and its size over the logs it holds.
league=${BENCH_LEAGUE:-10000}
rm -rf "$out/league"	# a smaller league after a larger one reads only its own files
mkdir -p "$out/league"
logs=$(python3 bench/gen-league.py "$out/league" "$league")
rm -f "$out/league.db" "$out/league.db-wal" "$out/league.db-shm"
echo "a league: $league battles in 10 campaigns (targets: a battle's report under 20 ms, a campaign's under 1 s)"
cpu_all=0
pa=palo-alto-$((league / 8 * 4))	# a Palo Alto near the middle (every fourth battle is one)
for c in 0 1 2 3 4 5 6 7 8 9; do
	run build/umpire db --db "$out/league.db" import --campaign "league-$c" $(ls "$out"/league/l*.battle | awk -v c="$c" 'NR % 10 == c')
	cpu_all=$(echo "$cpu_all $cpu" | awk '{print $1 + $2}')
done
events=$(build/umpire db --db "$out/league.db" sql "SELECT count(*) FROM event WHERE kind = 'event'" --format csv | tail -n 1 | tr -d '\r')
printf '%-10s %-13s %9s cpu s   (%s events: %s a second)\n' "${league}b" "db import" "$cpu_all" "$events" \
	"$(echo "$events $cpu_all" | awk '{ if ($2 > 0) printf "%.0f", $1 / $2; else printf "-" }')"
for q in $(build/umpire db --db "$out/league.db" query 2>&1 | awk '/^[a-z][a-z-]* /{print $1}'); do
	case "$q" in
	unit-history) args="5inf league-3" ;; campaign-errors) args="league-3" ;; unit-state) args="$pa 5inf 72" ;;
	*) args="" ;;
	esac
	ms=$("$out/median" 5 build/umpire db --db "$out/league.db" query "$q" $args)
	printf '%-10s %-13s %9s ms\n' "${league}b" "query $q" "$ms"
done
ms=$("$out/median" 5 build/umpire report --db "$out/league.db" casualties "$pa")
printf '%-10s %-13s %9s ms\n' "1 battle" "casualties" "$ms"
ms=$("$out/median" 3 build/umpire report --db "$out/league.db" campaign league-3)
printf '%-10s %-13s %9s ms   (%s battles)\n' "campaign" "campaign" "$ms" "$((league / 10))"
ms=$("$out/median" 3 build/umpire report --db "$out/league.db" balance)
printf '%-10s %-13s %9s ms\n' "${league}b" "balance" "$ms"
run build/umpire db --db "$out/league.db" check
printf '%-10s %-13s %9s cpu s\n' "${league}b" "db check" "$cpu"
rm -rf "$out/league-site"
run build/umpire site --db "$out/league.db" --no-plots "$out/league-site"
printf '%-10s %-13s %9s cpu s   (a page a battle: it grows with the battles)\n' "${league}b" "site" "$cpu"
printf '%-10s %-13s %9s   (%s bytes of archive over %s of battle files and their includes; target: 3x)\n' \
	"${league}b" "archive/logs" "$(echo "$(wc -c <"$out/league.db") $logs" | awk '{ printf "%.1fx", $1 / $2 }')" \
	"$(wc -c <"$out/league.db")" "$logs"

