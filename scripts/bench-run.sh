# bench-run.sh: sourced by bench.sh and bench-league.sh (with $out set).
# run CMD...: cpu seconds (user + sys) and peak KiB of CMD into $cpu and $mem
run() {
	/usr/bin/time -f "%U %S %M" -o "$out/time" "$@" >/dev/null 2>"$out/stderr"
	read -r user sys mem <<EOT
$(tail -n 1 "$out/time")
EOT
	cpu=$(echo "$user $sys" | awk '{printf "%.3f", $1 + $2}')
}
