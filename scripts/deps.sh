#!/bin/sh
# deps.sh [test]: make sure the Debian packages umpire builds and runs with
# are here; with "test", also those its tests run (Chromium renders the
# after-action report, tidy checks its HTML, tmux is the terminal the
# recorder's test types into, python3 drives that and the kill tests,
# clang and its libFuzzer runtime build the fuzz targets make test runs
# once over their seeds).
#
# Quick when everything is installed (one dpkg-query).  As root it installs
# what is missing with apt-get; otherwise it prints the exact command and
# exits 1.  For tests: UMPIRE_DEPS_MISSING="pkg ..." pretends those packages
# are missing, UMPIRE_DEPS_NO_INSTALL=1 behaves as a non-root user would.
set -u

PACKAGES="${UMPIRE_DEPS:-gcc make pkg-config libsqlite3-dev libpcre2-dev libcmocka-dev libedit-dev gnuplot-nox}"
[ "${1:-}" = test ] && [ -z "${UMPIRE_DEPS:-}" ] && PACKAGES="$PACKAGES chromium tidy poppler-utils tmux python3 clang libclang-rt-dev"

missing=""
for pkg in $PACKAGES; do
	case " ${UMPIRE_DEPS_MISSING:-} " in
	*" $pkg "*) missing="$missing $pkg"; continue ;;
	esac
	if command -v dpkg-query >/dev/null 2>&1; then
		status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null)
		case "$status" in
		*"install ok installed"*) ;;
		*) missing="$missing $pkg" ;;
		esac
	fi
done
missing="${missing# }"
[ -z "$missing" ] && exit 0

if [ "${UMPIRE_DEPS_NO_INSTALL:-0}" != 1 ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
	echo "umpire: installing missing packages: $missing" >&2
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq >&2 && apt-get install -y -qq $missing >&2 && exit 0
	echo "umpire: apt-get failed; run it yourself:" >&2
else
	echo "umpire: missing packages: $missing; install them with:" >&2
fi
echo "  sudo apt-get update && sudo apt-get install -y $missing" >&2
exit 1
