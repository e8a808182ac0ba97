#!/usr/bin/env bash
# install-theia.sh builds what the Theia end-to-end test needs: a minimal
# Eclipse Theia browser app (from the npm registry, with VS Code plugin
# support and the debugger) in a cache folder outside the repository. It is
# idempotent: a second run that finds the built app returns in a second.
# Chromium comes from install-e2e.sh (run by the test before this). npm 11
# skips the native modules' install scripts (node-pty, drivelist, ...); the
# browser app builds and runs without them.
#
# Environment:
#   REWIND_THEIA_CACHE  where the app is built (default ~/.cache/rewind-theia)
#   THEIA_VERSION       the @theia/* version (default 1.74.1; the registry's
#                       1.75.0 set lacks @theia/messages)
set -euo pipefail

CACHE="${REWIND_THEIA_CACHE:-$HOME/.cache/rewind-theia}"
VERSION="${THEIA_VERSION:-1.74.1}"
APP="$CACHE/app"
export DEBIAN_FRONTEND=noninteractive

# the test unzips the .vsix into Theia's plugins folder
if ! command -v unzip >/dev/null 2>&1; then
	if [ "$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi
	$SUDO apt-get -o DPkg::Lock::Timeout=600 install -y -q --no-install-recommends unzip >/dev/null
fi

if [ -f "$APP/lib/backend/main.js" ] && [ "$(cat "$CACHE/.installed" 2>/dev/null)" = "$VERSION" ]; then
	echo "install-theia: Theia $VERSION already built in $APP"
	exit 0
fi

echo "install-theia: Theia $VERSION into $APP"
mkdir -p "$APP"
cd "$APP"
deps=""
for p in core debug editor filesystem markers messages monaco navigator \
	plugin-ext plugin-ext-vscode preferences process terminal workspace; do
	deps="$deps\"@theia/$p\": \"$VERSION\", "
done
cat >package.json <<JSON
{
  "name": "rewind-theia-app",
  "private": true,
  "theia": { "target": "browser" },
  "dependencies": { ${deps%, } },
  "devDependencies": { "@theia/cli": "$VERSION" }
}
JSON
# Puppeteer (a dependency of Theia's test tooling) downloads Chrome in its
# postinstall, which fails offline and rolls the whole install back.
PUPPETEER_SKIP_DOWNLOAD=true npm_config_yes=true npm install --no-audit --no-fund
node_modules/.bin/theia build --mode development
echo "$VERSION" >"$CACHE/.installed"
