# Sourced by scripts/test.sh, scripts/e2e.sh and .ci/run: `took "what"` prints how long the step
# since the previous `took` (or since sourcing) lasted, so a CI log says where its minutes went.
_stage_start=$SECONDS
took() {
  local spent=$((SECONDS - _stage_start))
  printf -- '-- %s took %d min %02d s\n' "$1" $((spent / 60)) $((spent % 60))
  _stage_start=$SECONDS
}
