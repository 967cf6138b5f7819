#!/usr/bin/env bash
# tools/jobs.sh — background jobs JOBS at a time (default: the number of CPUs), sourced by
# build.sh and compat/cudart.sh: start each with `COMMAND & pids+=($!)` followed by `throttle`,
# then `wait_all "${pids[@]}"`.
JOBS=${JOBS:-$(nproc)}

# throttle: waits while JOBS background jobs run, not counting the one whose pid is in
# throttle_aside (build.sh's serial lane, which runs beside the pool). A job reaped here keeps its
# failure in throttled_failure; waiting for it again by pid may then find no such child (status
# 127).
throttled_failure=0
throttle_aside=""
throttle() {
  while [ "$(jobs -rp | grep -cvxF -e "${throttle_aside:-none}")" -ge "$JOBS" ]; do wait -n || throttled_failure=1; done
}

# wait_all PID...: 0 when every job (and every one throttle reaped) succeeded.
wait_all() {
  local p rc failed=$throttled_failure
  for p in "$@"; do
    rc=0; wait "$p" 2>/dev/null || rc=$?  # bash complains of a pid throttle reaped (127, above)
    [ $rc = 0 ] || [ $rc = 127 ] || failed=1
  done
  throttled_failure=0
  return $failed
}
