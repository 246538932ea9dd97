#!/usr/bin/env bash
# data-apis/array-api-tests (the pinned copy in ../shared/array-api-tests, or
# ARRAY_API_TESTS_DIR) on ember_array.numpy, torch after install() (every dtype), mlx after
# install() and dask, with the project's xfail files: any failure that is not a listed xfail,
# and any pass of a strict xfail, fails the run. A fixed seed and a fixed number of examples
# (EMBER_AAT_EXAMPLES) make the draws the same on every run; two runs at a time use both cores.
set -uo pipefail
cd "$(dirname "$0")/.."

examples="${EMBER_AAT_EXAMPLES:-20}"
out="$(mktemp -d)"
run() {
    local name="$1"
    shift
    python -m conformance.array_api_tests "$@" --max-examples "$examples" --seed 0 \
        --report "$out/$name.json" >"$out/$name.log" 2>&1
    echo $? >"$out/$name.rc"
}

start=$SECONDS
run numpy numpy &
run dask dask &
wait
run torch torch --install &
run mlx mlx --install &
wait

status=0
for name in numpy torch mlx dask; do
    rc="$(cat "$out/$name.rc")"
    echo "== array-api-tests: $name (exit $rc)"
    # the runner's summary: counts, failing tests, passes of listed xfails
    sed -n '/=== array-api-tests summary/,$p' "$out/$name.log" | grep -v '^report:\|^failures:'
    if [ "$rc" -ne 0 ]; then
        status=1
        # pytest's own short summary names the assertion of each failure
        grep -E '^(FAILED|ERROR) ' "$out/$name.log" | head -40
    fi
done
echo "array-api-tests: 4 runs at $examples examples in $((SECONDS - start)) s"
exit "$status"
