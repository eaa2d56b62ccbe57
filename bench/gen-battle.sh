#!/bin/sh
# gen-battle.sh [-k COPIES] [-r REPEATS] [BATTLE]: writes a large legal
# battle to stdout, made from BATTLE (examples/palo-alto.battle by default,
# with its includes, which must declare the sides).
#
#   -k COPIES   many units: COPIES copies of the battle side by side, every
#               unit and leader id suffixed _N per copy, fighting in the
#               same turns and phases, so each copy audits exactly as the
#               original;
#   -r REPEATS  few units: the battle's turns played REPEATS times over by
#               the same units (their state carries on, so later repeats
#               have findings the original does not).
#
# Deterministic: the same arguments give the same bytes, so the figures of
# two runs compare.  Comments are left out.  `make bench` uses it; run it
# alone as  sh bench/gen-battle.sh -k 150 >big.battle
set -eu
copies=1
repeats=1
while getopts k:r: opt; do
	case $opt in
	k) copies=$OPTARG ;;
	r) repeats=$OPTARG ;;
	*) echo "usage: gen-battle.sh [-k COPIES] [-r REPEATS] [BATTLE]" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
battle=${1:-examples/palo-alto.battle}
dir=$(dirname "$battle")
# The included order of battle, inlined: the include lines name the files.
oob=$(sed -n 's/^include "\(.*\)".*/\1/p' "$battle" | while read -r f; do printf '%s/%s\n' "$dir" "$f"; done)
awk -v copies="$copies" -v repeats="$repeats" -v oobfiles="$oob" '
function strip(line) {	# the line without its comment (no # inside strings in the examples)
	sub(/[ \t]*#.*$/, "", line)
	return line
}
# Replaces every id of the order of battle with id_N, outside quoted strings.
function suffix(line, n,   out, seg, nseg, i, rest, tok) {
	if (n == 0) return line
	nseg = split(line, seg, "\"")
	out = ""
	for (i = 1; i <= nseg; i++) {
		if (i > 1) out = out "\""
		if (i % 2 == 0) { out = out seg[i]; continue }	# inside quotes
		rest = seg[i]
		while (match(rest, /[A-Za-z0-9_-]+/)) {
			tok = substr(rest, RSTART, RLENGTH)
			out = out substr(rest, 1, RSTART - 1) tok ((tolower(tok) in ids) ? "_" n : "")
			rest = substr(rest, RSTART + RLENGTH)
		}
		out = out rest
	}
	return out
}
BEGIN {
	nf = split(oobfiles, files, "\n")
	for (i = 1; i <= nf; i++) {
		if (files[i] == "") continue
		while ((getline line < files[i]) > 0) {
			line = strip(line)
			if (line ~ /^side /) { side = line; order[++nsides] = line; continue }
			if (line ~ /^  (unit|leader) /) {
				split(line, w, " ")
				ids[tolower(w[2])] = 1
				decl[side] = decl[side] line "\n"
			}
		}
		close(files[i])
	}
}
FNR == 1 { }
/^include / { next }
{
	line = strip($0)
	if (line ~ /^[ \t]*$/) next
	if (line ~ /^(battle|scenario|option|special|result) /) { head = head line "\n"; next }
	if (line ~ /^turn /) { nturns++; header[nturns] = line; nphases[nturns] = 0; next }
	if (line ~ /^phase /) { ph = ++nphases[nturns]; phase[nturns, ph] = line; next }
	ph = nphases[nturns]	# the lines of (turn, phase) in order; phase 0 before any phase line
	group[nturns, ph] = group[nturns, ph] line "\n"
}
END {
	printf "%s", head
	for (s = 1; s <= nsides; s++) {
		print order[s]
		for (k = 1; k <= copies; k++) {
			n = split(decl[order[s]], d, "\n")
			for (i = 1; i <= n; i++)
				if (d[i] != "") print suffix(d[i], copies > 1 ? k : 0)
		}
	}
	# The copies fight side by side: each turn and phase once, with the
	# events of every copy in it; repeats play the turns again after.
	for (r = 0; r < repeats; r++)
		for (t = 1; t <= nturns; t++) {
			line = header[t]
			split(line, w, " ")
			sub(/^turn [0-9]+/, "turn " (w[2] + r * nturns), line)
			print line
			for (ph = 0; ph <= nphases[t]; ph++) {
				if (ph > 0) print phase[t, ph]
				n = split(group[t, ph], g, "\n")
				for (k = 1; k <= copies; k++)
					for (i = 1; i <= n; i++)
						if (g[i] != "") print suffix(g[i], copies > 1 ? k : 0)
			}
		}
}
' "$battle"
