# Sourced by benches/throughput.sh and benches/failover.sh: waiting for a
# server process to listen, and a redis-server of their own.

# listening LOG: waits up to 10 s for the server whose output goes to LOG
# to print `listening on URL`, and prints URL; otherwise prints the log on
# stderr and fails.
listening() {
    local log=$1 url=
    for _ in $(seq 1 200); do
        url=$(sed -n 's/^listening on \(http:.*\)$/\1/p' "$log" 2>/dev/null || true)
        if [ -n "$url" ]; then
            echo "$url"
            return 0
        fi
        sleep 0.05
    done
    echo "the server did not start listening; $log:" >&2
    cat "$log" >&2
    return 1
}

# start_redis LOG: a redis-server on a free loopback port, nothing saved
# (no RDB, no AOF), its output in LOG; once it accepts connections, sets
# redis_url (redis://127.0.0.1:PORT/) and redis_pid. The caller stops it.
start_redis() {
    local log=$1 port=
    for _ in $(seq 1 50); do
        local candidate=$((20000 + RANDOM % 20000))
        if ! (exec 3<>"/dev/tcp/127.0.0.1/$candidate") 2>/dev/null; then
            port=$candidate
            break
        fi
    done
    [ -n "$port" ] || { echo "no free port for redis-server" >&2; return 1; }
    redis-server --bind 127.0.0.1 --port "$port" --save '' --appendonly no >"$log" 2>&1 &
    redis_pid=$!
    for _ in $(seq 1 200); do
        if grep -q 'Ready to accept connections' "$log"; then
            redis_url="redis://127.0.0.1:$port/"
            return 0
        fi
        sleep 0.05
    done
    echo "redis-server did not start; $log:" >&2
    cat "$log" >&2
    return 1
}
