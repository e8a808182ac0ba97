#!/usr/bin/env bash
# install-e2e.sh installs what the end-to-end test needs: Debian's Chromium
# and ripgrep, and code-server (VS Code's server and web workbench) in a cache
# folder outside the repository. It is idempotent: a second run that finds
# everything in place returns in a second.
#
# Environment:
#   REWIND_E2E_CACHE  where code-server is installed (default ~/.cache/rewind-e2e)
#   CODE_SERVER_VERSION  the npm version to install (default 4.100.3, VS Code
#                        1.100.3, the newest that runs on Node 20)
set -euo pipefail

CACHE="${REWIND_E2E_CACHE:-$HOME/.cache/rewind-e2e}"
VERSION="${CODE_SERVER_VERSION:-4.100.3}"
export DEBIAN_FRONTEND=noninteractive

if [ "$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi

need_apt=
for bin in chromium rg pkg-config make g++; do
	command -v "$bin" >/dev/null 2>&1 || need_apt=1
done
for pc in krb5 x11 xkbfile libsecret-1; do
	pkg-config --exists "$pc" 2>/dev/null || need_apt=1
done
if [ -n "$need_apt" ]; then
	echo "install-e2e: apt packages"
	$SUDO apt-get update -q
	$SUDO apt-get install -y -q --no-install-recommends \
		chromium ripgrep libkrb5-dev libx11-dev libxkbfile-dev \
		libsecret-1-dev pkg-config build-essential python3 >/dev/null
fi

bin="$CACHE/node_modules/.bin/code-server"
if [ -x "$bin" ] && [ "$(cat "$CACHE/.installed" 2>/dev/null)" = "$VERSION" ]; then
	echo "install-e2e: code-server $VERSION already in $CACHE"
	exit 0
fi

echo "install-e2e: code-server $VERSION into $CACHE"
mkdir -p "$CACHE"
# @vscode/ripgrep downloads rg in its postinstall unless it finds the tarball
# in its cache under $TMPDIR; give it Debian's rg in the name it looks for.
tmp="$CACHE/tmp"
mkdir -p "$tmp"
for rgver in 1.15.11 1.15.9 1.15.10 1.15.14; do
	rgcache="$tmp/vscode-ripgrep-cache-$rgver"
	mkdir -p "$rgcache"
	stage="$(mktemp -d)"
	cp "$(command -v rg)" "$stage/rg"
	for triple in x86_64-unknown-linux-musl aarch64-unknown-linux-musl aarch64-unknown-linux-gnu; do
		for rg in v13.0.0-10 v13.0.0-13 v13.0.0-4; do
			f="$rgcache/ripgrep-$rg-$triple.tar.gz"
			[ -f "$f" ] || tar -czf "$f" -C "$stage" rg
		done
	done
	rm -rf "$stage"
done

cd "$CACHE"
[ -f package.json ] || echo '{"name":"rewind-e2e-tools","private":true}' >package.json
# node-pty's postinstall runs "npx node-gyp", which npx cancels unless yes=true;
# as root, code-server's postinstall needs unsafe-perm. npm 11 runs no
# dependency install scripts unless allowed, and code-server's postinstall
# runs a nested npm install whose native modules need theirs: allow them all
# (environment variables reach the nested installs, flags do not).
TMPDIR="$tmp" npm_config_yes=true npm_config_unsafe_perm=true \
	npm_config_dangerously_allow_all_scripts=true \
	npm install --no-audit --no-fund "code-server@$VERSION"
"$bin" --version
echo "$VERSION" >"$CACHE/.installed"
