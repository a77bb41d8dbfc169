#!/usr/bin/env bash
# CI check of the README's install line: `cargo install --path bins --locked`
# into a temporary root, then each installed binary's --version, its man
# page and bash completion, and one small command. Nothing but the eight
# tools may be installed (no test fixture).
#
# It installs a debug build (`--debug`): `cargo install` resolves the
# features of the bins package alone, without the dev-dependencies that
# `cargo test` unifies, so a release install rebuilt every binary with fat
# LTO (minutes on two cores) for the same packaging checks. What it checks
# (the binaries installed, --version, man pages, completions, one command
# each) does not depend on the profile.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
prefix="$(mktemp -d)"
trap 'rm -rf "$prefix"' EXIT
cargo install --quiet --locked --debug --path bins --root "$prefix" --target-dir "${CARGO_TARGET_DIR:-$root/target}"
installed="$(ls "$prefix/bin" | sort | tr '\n' ' ')"
expected="alphabeta checkers goban kalah levy perft plybench rules "
if [ "$installed" != "$expected" ]; then
    echo "install-test: installed [$installed], expected [$expected]" >&2
    exit 1
fi
export PATH="$prefix/bin:$PATH"
for name in $expected; do
    "$name" --version | grep -q "^$name "
    "$name" --generate man | grep -q "^\.TH $name 1"
    "$name" --generate complete-bash | grep -q "$name"
done
# One small command each, its JSON parsed.
check() { python3 -c 'import json, sys; d = json.load(sys.stdin); assert d["schema_version"] == 1' || { echo "install-test: $*" >&2; exit 1; }; }
alphabeta newborn --trees 200 --format json | check alphabeta
checkers perft --depth 4 --format json | check checkers
goban perft --size 5 --depth 2 --format json | check goban
kalah count --pits 6 --format json | check kalah
levy --chapter 18 --quick --format json | check levy
perft --depth 3 --format json | check perft
rules perft --game tictactoe --depth 3 --format json | check rules
plybench reproduce --help > /dev/null
echo "install-test: $(echo $expected | wc -w) binaries installed, each with --version, man page, completions and one command"
