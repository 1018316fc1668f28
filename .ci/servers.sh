# Sourced by .ci/clients.sh, .ci/rust_mcp_sdk.sh, .ci/tower_mcp.sh and
# .ci/pmcp.sh: the official Python SDK client, pinned `mcp` from PyPI in a
# venv under the cargo target directory (installed once, shared by the
# four), and the example servers they start, each stopped when the script
# exits. Sets `target_dir`, `tools` (the folder of the venv and the
# servers' logs) and `python` (the venv's interpreter), and defines
# `build`, `start` and `stop_servers`. Needs only PyPI.

python_mcp_version=2.3.0

target_dir=${CARGO_TARGET_DIR:-target}
tools="$target_dir/clients"
mkdir -p "$tools"

echo "== Python mcp==$python_mcp_version"
if [ ! -x "$tools/venv/bin/python" ]; then
    python3 -m venv "$tools/venv"
fi
python="$tools/venv/bin/python"
if [ "$("$python" -c 'import importlib.metadata as m; print(m.version("mcp"))' 2>/dev/null || true)" != "$python_mcp_version" ]; then
    "$tools/venv/bin/pip" install --quiet --disable-pip-version-check "mcp==$python_mcp_version"
fi

# build EXAMPLE...: the examples, with every feature: .ci/run built every
# example so before these scripts, and a build with fewer features would
# compile the SDKs again (tokio, hyper and the rest with other features:
# minutes of CI).
build() {
    local example args=()
    for example in "$@"; do
        args+=(--example "$example")
    done
    cargo build --quiet --all-features "${args[@]}"
}

# The servers `start` started, stopped on exit or by `stop_servers`.
pids=()
stop_servers() {
    local pid
    for pid in "${pids[@]}"; do
        if kill -0 "$pid" 2>/dev/null; then
            kill "$pid"
            wait "$pid" 2>/dev/null || true
        fi
    done
    pids=()
}
trap stop_servers EXIT

# start LOG EXAMPLE [ARGUMENT...]: runs the built example EXAMPLE (from
# target/debug/examples) with ARGUMENTs (`0`: a free port of 127.0.0.1),
# its output in $tools/LOG.log, and sets `url` once the server prints
# "listening on URL"; exits with the log if it stops first or does not
# listen within 30 seconds. An environment prefix reaches the server
# (`REQUEST_STATE_KEY=.. start ..`).
start() {
    local log="$tools/$1.log" example=$2
    shift 2
    # Not a stale line of an earlier run: the background shell truncates
    # the log only when it gets to run.
    rm -f "$log"
    "$target_dir/debug/examples/$example" "$@" >"$log" 2>&1 &
    local pid=$!
    pids+=("$pid")
    url=
    for _ in $(seq 1 300); do
        url=$(sed -n 's/^listening on \(http:.*\)$/\1/p' "$log" 2>/dev/null || true)
        if [ -n "$url" ]; then
            return
        fi
        if ! kill -0 "$pid" 2>/dev/null; then
            echo "$example exited before listening:"
            cat "$log"
            exit 1
        fi
        sleep 0.1
    done
    echo "$example did not start listening within 30 seconds:"
    cat "$log"
    exit 1
}
