#!/usr/bin/env bash
# A short run of benches/failover.sh: 8 clients for 5 seconds on two
# processes of examples/conformance_server.rs, one killed with `kill -9` at
# 2 seconds and restarted a second later; the clients send a failed round
# to the other process. Fails on any wrong answer or lost call. The debug
# builds (the example server is already built so by .ci/clients.sh, and a
# release build of rmcp would take minutes): the run checks answers, not
# speed; RELIABILITY.md has the figures of a long release run. Then the
# same with the answers in a shared Redis (STORE=redis).
set -euo pipefail
cd "$(dirname "$0")/.."

PROFILE=debug CLIENTS=8 DURATION=5 KILL_AT=2 RESTART_AFTER=1 bash benches/failover.sh

# The same on a shared Redis store (the handle single-use: a retried round
# whose handle the killed process had taken starts its call again, and
# every final round is replayed on the other process, which must refuse it).
STORE=redis PROFILE=debug CLIENTS=8 DURATION=5 KILL_AT=2 RESTART_AFTER=1 bash benches/failover.sh
